/**
 * The Application JSON of the /api contract (docs/product.md#api) as a zod schema (the /api contract) and the presenter
 * typed by it: the people's names masked the way the viewer may see them. Safe in the browser.
 */
import { z } from "zod";
import {
  APPLICATION_STATUSES,
  BONUS_UNITS,
  SHARE_METHODS,
  type ApplicationStatus,
  type BonusUnit,
  type ShareMethod,
} from "../../../db/enums";
import { isShareLate } from "~/modules/shares/present";
import { shareText } from "~/modules/shares/terms";
import { visibleNames } from "~/modules/users/privacy";
import { OutcomeSchema, parseOutcome } from "~/modules/outcomes/steps";

const PersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
});

export const PromisedShareSchema = z.object({
  percent: z.number(),
  bonus: z.object({ amount: z.number(), unit: z.enum(BONUS_UNITS) }),
  // The share as money, as promised (docs/decisions/185).
  /** US cents; null when nothing was promised or the bonus had no value. */
  amountCents: z.number().int().nullable(),
  method: z.enum(SHARE_METHODS),
  methodNote: z.string().nullable(),
  /** Days after the bonus posts. */
  deadlineDays: z.number().int(),
  /** '$50 by Zelle within 7 days of the bonus posting'; null when nothing was promised. */
  text: z.string().nullable(),
  /** When the share is due (the first bonus step plus the deadline), until it is marked paid. */
  dueAt: z.string().nullable(),
  /** Due and not marked paid. */
  late: z.boolean(),
});
export type PromisedShare = z.infer<typeof PromisedShareSchema>;

export const ApiApplicationSchema = z.object({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  additionalInfo: z.string(),
  creditCard: z.object({ _id: z.string(), name: z.string(), issuer: z.string() }),
  referrer: PersonSchema,
  referral: z.object({ _id: z.string() }),
  applicant: PersonSchema,
  /**
   * What the referrer promised when the member applied: the share in percent of the referral
   * bonus, recorded then, so a later edit of the referral never changes it (percent 0: none).
   */
  promisedShare: PromisedShareSchema,
  /** What happened after applying, confirmed step by step by both sides (docs/product.md#outcomes). */
  outcome: OutcomeSchema,
});
export type ApiApplication = z.infer<typeof ApiApplicationSchema>;

/** The application an apply call just recorded: ids only, as the caller knows the rest. */
export const NewApplicationSchema = z.object({
  _id: z.string(),
  status: z.literal("pending"),
  createdAt: z.string(),
  updatedAt: z.string(),
  additionalInfo: z.string(),
  referral: z.object({ _id: z.string() }),
  applicant: z.object({ _id: z.string() }),
  referrer: z.object({ _id: z.string() }),
  creditCard: z.object({ _id: z.string() }),
  promisedShare: PromisedShareSchema,
});

/** A page of applications, newest first. */
export const ApplicationPageSchema = z.object({
  data: z.array(ApiApplicationSchema),
  nextCursor: z.string().nullable(),
});

interface PersonRow {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  showFullName: boolean;
}

/** An application row with its card, referrer and applicant, as the applications queries read it. */
export interface ApplicationRow {
  id: string;
  status: ApplicationStatus;
  createdAt: Date;
  updatedAt: Date;
  additionalInfo: string;
  referralId: string;
  promisedSharePercent: number;
  promisedBonusAmount: number;
  promisedBonusUnit: BonusUnit;
  promisedShareCents: number | null;
  promisedShareMethod: ShareMethod;
  promisedShareMethodNote: string | null;
  promisedShareDeadlineDays: number;
  shareDueAt: Date | null;
  /** The outcome rows as one JSON array (json_group_array). */
  outcomeJson: string | null;
  card: { id: string; name: string; issuer: string };
  referrer: PersonRow;
  applicant: PersonRow;
}

function person(row: PersonRow, viewerId: string | null): ApiApplication["referrer"] {
  const names = visibleNames(row, row.id === viewerId);
  return { _id: row.id, username: row.username, ...names };
}

/** The application as its JSON reads: names masked for `viewerId`, the outcome oldest step first. */
export function toApiApplication(row: ApplicationRow, viewerId: string | null): ApiApplication {
  return {
    _id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    additionalInfo: row.additionalInfo,
    creditCard: { _id: row.card.id, name: row.card.name, issuer: row.card.issuer },
    referrer: person(row.referrer, viewerId),
    referral: { _id: row.referralId },
    applicant: person(row.applicant, viewerId),
    promisedShare: promisedShareOf(row),
    outcome: parseOutcome(row.outcomeJson),
  };
}

/** What the referrer promised, as money (docs/decisions/185), late or not at `now`. */
export function promisedShareOf(
  row: Pick<
    ApplicationRow,
    | "promisedSharePercent"
    | "promisedBonusAmount"
    | "promisedBonusUnit"
    | "promisedShareCents"
    | "promisedShareMethod"
    | "promisedShareMethodNote"
    | "promisedShareDeadlineDays"
    | "shareDueAt"
  >,
  now = Date.now(),
): PromisedShare {
  const terms = {
    percent: row.promisedSharePercent,
    amountCents: row.promisedShareCents,
    method: row.promisedShareMethod,
    methodNote: row.promisedShareMethodNote,
    deadlineDays: row.promisedShareDeadlineDays,
  };
  return {
    percent: row.promisedSharePercent,
    bonus: { amount: row.promisedBonusAmount, unit: row.promisedBonusUnit },
    amountCents: terms.amountCents,
    method: terms.method,
    methodNote: terms.methodNote,
    deadlineDays: terms.deadlineDays,
    text: shareText(terms),
    dueAt: row.shareDueAt?.toISOString() ?? null,
    late: isShareLate(row.shareDueAt, now),
  };
}

/** Where the acting member stands with a referral, for its detail page (docs/product.md#referral-detail). */
export interface ApplicantState {
  /** The member's application through this referral, when they applied. */
  application: { id: string; createdAt: string } | null;
  /** How many other listed referrals the same card has (the Full state points to them). */
  otherListed: number;
}
