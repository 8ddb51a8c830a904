/**
 * Applying through a referral: the rule and the atomic slot. Owned by the referrals issue; the
 * rest of the applications domain (status, lists) lives beside it.
 */
import { createId } from "../../../db/id";
import { applications, creditCards, LISTED_SQL, referrals, users } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { requireActor, type Ctx } from "~/core/context.server";
import { APPLICATION_MESSAGES } from "./status";
import type { BonusUnit, ShareMethod } from "../../../db/enums";
import { promisedShareOf, type ApplicantState } from "./present";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { bumpDaily } from "~/modules/analytics/rollup.server";
import { columnName, columnNames, statement } from "~/utils/d1-statement.server";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { notify } from "~/modules/notifications/notify.server";
import { visibleNames } from "~/modules/users/privacy";
import { nameColumns } from "~/modules/users/profile.server";
import { INVALID_REFERRAL } from "~/utils/messages";

/**
 * The apply operation's input (docs/product.md#paths), parsed by every way in: the body of POST
 * /api/applications/card-apply (and `referralId` of .../add-people), and the URL parameter of
 * /apply/{referralId}'s form (`ApplyParams`).
 */
export const ApplySchema = z.object({
  referralId: z.string({ error: INVALID_REFERRAL }).trim().min(1, INVALID_REFERRAL),
  cardId: z.string().trim().optional(),
  userId: z.string().trim().optional(),
});
export const ApplyParams = ApplySchema.pick({ referralId: true });

/**
 * What applying takes of the referral, each condition with the refusal it gives, in the order a
 * refusal is told: the one statement of the rule (docs/decisions/095-rules-derived-once.md). The
 * slot's UPDATE runs only while all of them hold, and when it changed nothing the same conditions,
 * read, say why (tests/worker/apply-rules.test.ts).
 */
export function applyConditions(referralId: string, applicantId: string) {
  return [
    {
      holds: sql`${referrals.referrerId} <> ${applicantId}`,
      status: 403,
      message: APPLICATION_MESSAGES.ownReferral,
    },
    {
      holds: sql`not exists (select 1 from ${applications}
        where ${applications.referralId} = ${referralId} and ${applications.applicantId} = ${applicantId})`,
      status: 409,
      message: APPLICATION_MESSAGES.alreadyApplied,
    },
    {
      // Its card inactive or its referrer deactivated included.
      holds: sql`${referrals.isActive} = 1 and ${referrals.cardActive} = 1 and ${referrals.referrerActive} = 1`,
      status: 409,
      message: APPLICATION_MESSAGES.inactive,
    },
    {
      holds: sql`coalesce(${referrals.availableReferCount}, 1) > 0`,
      status: 409,
      message: APPLICATION_MESSAGES.noSlots,
    },
  ] as const satisfies readonly { holds: SQL; status: number; message: string }[];
}

/**
 * Why the acting member cannot apply through the referral now (null when they can): the first of
 * its conditions that does not hold, read in one statement. A referral that is gone reads as inactive.
 */
export async function applyRefusal(ctx: Pick<Ctx, "db">, input: { referralId: string; applicantId: string }) {
  const conditions = applyConditions(input.referralId, input.applicantId);
  const row = await ctx.db
    .select(Object.fromEntries(conditions.map((condition, index) => [`c${index}`, sql<number>`${condition.holds}`])))
    .from(referrals)
    .where(eq(referrals.id, input.referralId))
    .get();
  if (!row) return conditions[2];
  return conditions.find((_, index) => !row[`c${index}`]) ?? null;
}

/**
 * The application of a taken slot, written only when the slot's UPDATE just before it changed a row
 * (`changes()`), with the share the referral promises copied onto it; it answers that share.
 */
function takeSlotInsert(input: { id: string; applicantId: string; referralId: string; now: number }) {
  const { id, applicantId, referralId, now } = input;
  const special = sql`${referrals.specialReferrerBonusAmount} > 0`;
  return sql`INSERT INTO ${applications} (${columnNames([
    applications.id,
    applications.referralId,
    applications.applicantId,
    applications.referrerId,
    applications.creditCardId,
    applications.status,
    applications.additionalInfo,
    applications.promisedSharePercent,
    applications.promisedBonusAmount,
    applications.promisedBonusUnit,
    applications.promisedShareCents,
    applications.promisedShareMethod,
    applications.promisedShareMethodNote,
    applications.promisedShareDeadlineDays,
    applications.createdAt,
    applications.updatedAt,
  ])})
    SELECT ${id}, ${referrals.id}, ${applicantId}, ${referrals.referrerId}, ${referrals.creditCardId}, 'pending', '',
           ${referrals.sharingBenefitPortion},
           CASE WHEN ${special} THEN ${referrals.specialReferrerBonusAmount} ELSE ${creditCards.referralBonusAmount} END,
           CASE WHEN ${special} THEN coalesce(${referrals.specialReferrerBonusUnit}, 'USD') ELSE ${creditCards.referralBonusUnit} END,
           ${referrals.shareAmountCents}, ${referrals.shareMethod}, ${referrals.shareMethodNote}, ${referrals.shareDeadlineDays},
           ${now}, ${now}
      FROM ${referrals} JOIN ${creditCards} ON ${creditCards.id} = ${referrals.creditCardId}
     WHERE ${referrals.id} = ${referralId} AND changes() = 1
    RETURNING ${columnName(applications.promisedSharePercent)} AS percent, ${columnName(applications.promisedBonusAmount)} AS amount,
              ${columnName(applications.promisedBonusUnit)} AS unit, ${columnName(applications.promisedShareCents)} AS cents,
              ${columnName(applications.promisedShareMethod)} AS method,
              ${columnName(applications.promisedShareMethodNote)} AS methodNote,
              ${columnName(applications.promisedShareDeadlineDays)} AS days`;
}

/**
 * Records that the acting member applied through a referral. Refused for one's own referral (403), an
 * unknown one (404), an inactive one (its card inactive or its referrer deactivated included), a
 * second time, or when no slots are left (409).
 *
 * Taking the slot is one db.batch: a conditional UPDATE that decrements `available_refer_count`
 * (when limited) only while a slot is left, then an INSERT that runs only if that UPDATE changed
 * a row (`changes()`) and copies the share the referral promises onto the application (what the
 * applicant was promised stays as it was, whatever later edits of the referral say), so two applicants can never both take the last slot; the unique index on
 * (referral, applicant) makes a concurrent double submit fail the whole batch.
 */
export async function applyToReferral(
  ctx: Pick<Ctx, "db" | "actor" | "purgePages" | "waitUntil" | "notifications">,
  input: { referralId: string; cardId?: string },
) {
  const user = requireActor(ctx);
  const d1 = ctx.db.$client;
  const referral = await ctx.db
    .select({ id: referrals.id, referrerId: referrals.referrerId, cardId: referrals.creditCardId })
    .from(referrals)
    .where(eq(referrals.id, input.referralId))
    .get();
  if (!referral) throw new DomainError(404, APPLICATION_MESSAGES.referralNotFound);
  if (referral.referrerId === user.id) throw new DomainError(403, APPLICATION_MESSAGES.ownReferral);
  if (input.cardId && input.cardId !== referral.cardId) {
    throw new DomainError(400, APPLICATION_MESSAGES.invalid, { cardId: APPLICATION_MESSAGES.invalid });
  }

  const id = createId();
  const now = Date.now();
  let results: D1Result[];
  try {
    results = await d1.batch([
      statement(
        ctx.db,
        ctx.db
          .update(referrals)
          .set({
            availableReferCount: sql`case when ${referrals.availableReferCount} is null then null else ${referrals.availableReferCount} - 1 end`,
            applicationsCount: sql`${referrals.applicationsCount} + 1`,
            updatedAt: new Date(now),
          })
          .where(
            and(eq(referrals.id, referral.id), ...applyConditions(referral.id, user.id).map(({ holds }) => holds)),
          ),
      ),
      statement(ctx.db, takeSlotInsert({ id, applicantId: user.id, referralId: referral.id, now })),
      // The referrer's analytics count the application in the same batch (ADR 172).
      statement(
        ctx.db,
        bumpDaily({ referralId: referral.id, counter: "applications", at: now, when: sql`changes() = 1` }),
      ),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError(409, APPLICATION_MESSAGES.alreadyApplied);
    }
    throw error;
  }
  const promised = results[1].results[0] as
    | {
        percent: number;
        amount: number;
        unit: BonusUnit;
        cents: number | null;
        method: ShareMethod;
        methodNote: string | null;
        days: number;
      }
    | undefined;
  if (results[1].meta.changes === 1 && promised) {
    // Its slots left changed (and may be none now): the public pages show them.
    purgeReferralPages(ctx, { referralIds: [referral.id] });
    ctx.waitUntil(tellReferrer(ctx, { applicationId: id, referralId: referral.id, referrerId: referral.referrerId }));
    return {
      message: APPLICATION_MESSAGES.applied,
      data: {
        _id: id,
        status: "pending" as const,
        createdAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
        additionalInfo: "",
        referral: { _id: referral.id },
        applicant: { _id: user.id },
        referrer: { _id: referral.referrerId },
        creditCard: { _id: referral.cardId },
        promisedShare: promisedShareOf({
          promisedSharePercent: promised.percent,
          promisedBonusAmount: promised.amount,
          promisedBonusUnit: promised.unit,
          promisedShareCents: promised.cents,
          promisedShareMethod: promised.method,
          promisedShareMethodNote: promised.methodNote,
          promisedShareDeadlineDays: promised.days,
          shareDueAt: null,
        }),
      },
    };
  }
  // Nothing was written: say why, from the same conditions (all holding again: the last slot went meanwhile).
  const refusal = await applyRefusal(ctx, { referralId: referral.id, applicantId: user.id });
  throw new DomainError(refusal?.status ?? 409, refusal?.message ?? APPLICATION_MESSAGES.noSlots);
}

/** The referrer is called back: someone applied through their referral (ADR 180). */
async function tellReferrer(
  ctx: Pick<Ctx, "db" | "actor" | "notifications">,
  input: { applicationId: string; referralId: string; referrerId: string },
) {
  const applicant = requireActor(ctx);
  const row = await ctx.db
    .select({
      ...nameColumns,
      cardName: creditCards.name,
    })
    .from(users)
    .innerJoin(referrals, eq(referrals.id, input.referralId))
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(eq(users.id, applicant.id))
    .get();
  if (!row) return;
  const name = visibleNames(row, false).name;
  await notify(ctx, {
    kind: "applications",
    userId: input.referrerId,
    key: `application:${input.applicationId}`,
    aboutUserId: applicant.id,
    content: {
      subject: `Cardshare: ${name} applied through your ${row.cardName} referral`,
      lines: [
        `${name} applied for the ${row.cardName} through your referral.`,
        "Follow the application on its page: you record when the referral bonus posts, and they confirm it.",
      ],
      action: { path: `/dashboard/referrals/${input.referralId}`, label: "See the application" },
    },
  });
}

/**
 * The acting member's application through a referral and the number of other listed referrals
 * for its card, in one statement (read beside the referral itself, so the page keeps its 2 trips).
 * The count reads referrals_card_idx and the listing copies of the card's referrals.
 */
export async function getApplicantState(ctx: Pick<Ctx, "db" | "actor">, input: { referralId: string }) {
  const user = requireActor(ctx);
  const other = alias(referrals, "o");
  const row = await statement(
    ctx.db,
    sql`SELECT ${applications.id} AS applicationId, ${applications.createdAt} AS appliedAt,
          (SELECT count(*) FROM ${referrals} ${other}
            WHERE ${other.creditCardId} = (SELECT ${referrals.creditCardId} FROM ${referrals} WHERE ${referrals.id} = ${input.referralId})
              AND ${other.id} <> ${input.referralId}
              AND ${LISTED_SQL}) AS otherListed
        FROM (SELECT 1) LEFT JOIN ${applications}
          ON ${applications.referralId} = ${input.referralId} AND ${applications.applicantId} = ${user.id}`,
  ).first<{ applicationId: string | null; appliedAt: number | null; otherListed: number }>();
  return {
    application:
      row?.applicationId && row.appliedAt != null
        ? { id: row.applicationId, createdAt: new Date(row.appliedAt).toISOString() }
        : null,
    otherListed: row?.otherListed ?? 0,
  } satisfies ApplicantState;
}
