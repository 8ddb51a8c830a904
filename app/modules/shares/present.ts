/**
 * A referral's share as its JSON and pages carry it (docs/decisions/185): the fields beside the
 * spec's, from the referral's columns. Apart from terms.ts, so forms do not load the zod schema.
 */
import { z } from "zod";
import { SHARE_METHODS, type ShareMethod } from "../../../db/enums";
import { shareText } from "./terms";

/** The share's fields beside the spec's in a referral's JSON (never replacing them). */
export const ShareFieldsSchema = z.object({
  /** The US cents the applicant receives; null with no share or no value to compute it from. */
  shareAmountCents: z.number().int().nullable(),
  shareMethod: z.enum(SHARE_METHODS),
  /** The referrer's words for 'other'. */
  shareMethodNote: z.string().nullable(),
  /** Days after the bonus posts. */
  shareDeadlineDays: z.number().int(),
  /** False while the amount is the valuation's and the method 'chat' (the referrer has not named them). */
  shareTermsConfirmed: z.boolean(),
  /** '$50 by Zelle within 7 days of the bonus posting'; null when nothing is shared. */
  shareText: z.string().nullable(),
});
export type ShareFields = z.infer<typeof ShareFieldsSchema>;

/** A referral's share columns, as its record reads them. */
export interface ShareColumns {
  sharingBenefitPortion: number;
  shareAmountCents: number | null;
  shareMethod: ShareMethod;
  shareMethodNote: string | null;
  shareDeadlineDays: number;
  shareTermsSetAt: Date | null;
}

/** A referral's share fields from its columns. */
export function presentShare(row: ShareColumns): ShareFields {
  const terms = {
    percent: row.sharingBenefitPortion,
    amountCents: row.shareAmountCents,
    method: row.shareMethod,
    methodNote: row.shareMethodNote,
    deadlineDays: row.shareDeadlineDays,
  };
  return {
    shareAmountCents: row.shareAmountCents,
    shareMethod: row.shareMethod,
    shareMethodNote: row.shareMethodNote,
    shareDeadlineDays: row.shareDeadlineDays,
    shareTermsConfirmed: row.sharingBenefitPortion > 0 ? row.shareTermsSetAt !== null : true,
    shareText: shareText(terms),
  };
}

/** Whether a share is late at `now`: due, and not marked paid (the due time is cleared then). */
export function isShareLate(dueAt: Date | number | null | undefined, now: number): boolean {
  if (dueAt == null) return false;
  return (typeof dueAt === "number" ? dueAt : dueAt.getTime()) <= now;
}
