/**
 * The shape of "Download my data" (GET /api/users/me/export, docs/product.md#your-data), section by
 * section, as named schemas of the OpenAPI document so a client generated from it reads every
 * field typed. The route checks at compile time that exportMyData (my-data.server.ts) returns
 * this shape, and the worker test and the contract test check the file it answers against it.
 */
import { z } from "zod";
import {
  APPLICATION_STATUSES,
  AUTH_PROVIDERS,
  BONUS_UNITS,
  COMMENT_TYPES,
  OUTCOME_STEPS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from "../../../db/enums";
import { PrivacySettingsSchema } from "./present";

/** An ISO 8601 time. */
const time = z.string();

const section = <S extends z.ZodType>(schema: S, id: string, description: string) =>
  z.array(schema.meta({ id, description }));

export const ExportProfileSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    pendingEmail: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    bio: z.string(),
    profileImage: z.string().nullable(),
    authProvider: z.enum(AUTH_PROVIDERS),
    isAdmin: z.boolean(),
    emailVerifiedAt: time.nullable(),
    emailNotifications: z.boolean(),
    createdAt: time,
    passwordChangedAt: time.nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    privacy: PrivacySettingsSchema,
  })
  .meta({ id: "ExportProfile", description: "The member's account and privacy settings, as stored" });

export const MyDataExportSchema = z
  .object({
    format: z.literal("cardshare-export/1"),
    exportedAt: time,
    profile: ExportProfileSchema,
    referrals: section(
      z.object({
        id: z.string(),
        code: z.string().nullable(),
        card: z.string(),
        creditCardId: z.string(),
        referralLink: z.string(),
        sharingBenefitPortion: z.number(),
        specialApplicantBonus: z.string().nullable(),
        specialReferrerBonusAmount: z.number().nullable(),
        specialReferrerBonusUnit: z.enum(BONUS_UNITS).nullable(),
        availableReferCount: z.number().int().nullable(),
        additionalInfo: z.string(),
        isActive: z.boolean(),
        applicationsCount: z.number().int(),
        successfulCount: z.number().int(),
        createdAt: time,
      }),
      "ExportReferral",
      "A referral the member published",
    ),
    applications: section(
      z.object({
        id: z.string(),
        referralId: z.string(),
        card: z.string(),
        status: z.enum(APPLICATION_STATUSES),
        additionalInfo: z.string(),
        createdAt: time,
        updatedAt: time,
        /** The member's side: they applied, or the application came through their referral. */
        role: z.enum(["applicant", "referrer"]),
      }),
      "ExportApplication",
      "An application the member made or received",
    ),
    comments: section(
      z.object({
        id: z.string(),
        referralId: z.string(),
        applicationId: z.string().nullable(),
        commentType: z.enum(COMMENT_TYPES),
        comment: z.string(),
        rating: z.number().int().nullable(),
        originalCommentId: z.string().nullable(),
        createdAt: time,
      }),
      "ExportComment",
      "A review, reply or follow-up the member wrote",
    ),
    chats: section(
      z.object({
        id: z.string(),
        name: z.string(),
        referralId: z.string().nullable(),
        createdAt: time,
        messages: section(
          z.object({ id: z.string(), content: z.string(), createdAt: time, fromMe: z.boolean() }),
          "ExportMessage",
          "A message of one of the member's chats, theirs or the other side's",
        ),
      }),
      "ExportChat",
      "A chat the member is in, with its messages",
    ),
    tips: section(
      z.object({
        id: z.string(),
        currency: z.string(),
        createdAt: time,
        /** In the currency's minor unit (cents), as Stripe reported it. */
        amountMinor: z.number().int(),
      }),
      "ExportTip",
      "A tip the member paid",
    ),
    blocks: section(
      z.object({ userId: z.string(), username: z.string().nullable(), createdAt: time }),
      "ExportBlock",
      "A member the member blocks",
    ),
    /** The outcome steps of the member's applications, both sides' (`byMe`). */
    outcomes: section(
      z.object({
        applicationId: z.string(),
        step: z.enum(OUTCOME_STEPS),
        amount: z.number().nullable(),
        method: z.string().nullable(),
        note: z.string().nullable(),
        closedAt: time.nullable(),
        createdAt: time,
        byMe: z.boolean(),
      }),
      "ExportOutcomeStep",
      "An outcome step of one of the member's applications",
    ),
    /** The share-not-received steps among them, with whether each is still open. */
    disputes: section(
      z.object({
        applicationId: z.string(),
        openedByMe: z.boolean(),
        note: z.string().nullable(),
        openedAt: time,
        closedAt: time.nullable(),
        open: z.boolean(),
      }),
      "ExportDispute",
      "A dispute (share not received) on one of the member's applications",
    ),
    /** The reports the member filed. */
    reports: section(
      z.object({
        id: z.string(),
        targetType: z.enum(REPORT_TARGETS),
        targetId: z.string(),
        reason: z.enum(REPORT_REASONS),
        note: z.string(),
        status: z.enum(REPORT_STATUSES),
        resolvedAt: time.nullable(),
        createdAt: time,
      }),
      "ExportReport",
      "A report the member filed",
    ),
    pushDevices: section(
      z.object({ id: z.string(), endpoint: z.string(), device: z.string(), createdAt: time }),
      "ExportPushDevice",
      "A browser that gets the member's push notifications (ADR 181)",
    ),
    notificationSettings: z
      .object({
        emailNotifications: z.boolean(),
        /** Each kind's switch per channel (docs/product.md#notifications). */
        kinds: z.record(z.string(), z.record(z.string(), z.boolean())),
      })
      .meta({ id: "ExportNotificationSettings", description: "The master switch and each kind's switch per channel" }),
  })
  .meta({
    id: "MyDataExport",
    description: "Everything the member gave or did, in one file (format cardshare-export/1)",
  });
