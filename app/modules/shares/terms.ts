/**
 * A share as money (docs/decisions/180-share-is-money.md): the dollars the applicant receives, how
 * and by when, computed from the bonus and a valuation, and said one way everywhere ("$50 by Zelle
 * within 7 days of the bonus posting"): tiles, the referral page, /r/{code}, card pages, the
 * applicant's application and the API's `shareText`. Pure, safe in the browser.
 */
import { z } from "zod";
import { SHARE_METHODS, type ShareMethod } from "../../../db/enums";

export { centsPerUnit, shareCentsFrom } from "~/core/share-money";

/** The methods the forms offer, in order; 'chat' is only what a referral carries until its referrer names one. */
export const LISTED_SHARE_METHODS = SHARE_METHODS.filter((method) => method !== "chat");

export const SHARE_METHOD_LABELS: Record<ShareMethod, string> = {
  paypal: "PayPal",
  venmo: "Venmo",
  zelle: "Zelle",
  cashapp: "Cash App",
  giftcard: "gift card",
  other: "another method",
  chat: "a method agreed in chat",
};

/** The deadline a share gets when none is named: days after the bonus posts. */
export const DEFAULT_DEADLINE_DAYS = 7;
export const MAX_DEADLINE_DAYS = 90;

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** '$50', '$12.50': whole dollars without cents. */
export function formatCents(cents: number): string {
  const text = dollars.format(cents / 100);
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

/** A share's terms as a referral or an application carries them. */
export interface ShareTerms {
  percent: number;
  amountCents: number | null;
  method: ShareMethod;
  methodNote: string | null;
  deadlineDays: number;
}

/** 'Zelle', 'gift card', 'Wise transfer' (other, with its note), 'a method agreed in chat'. */
export function methodText(method: string, note?: string | null): string {
  if (method === "other" && note) return note;
  return (SHARE_METHOD_LABELS as Record<string, string>)[method] ?? method;
}

/**
 * The one sentence of a share: '$50 by Zelle within 7 days of the bonus posting'; with no amount,
 * '20% of the referral bonus, ...'; null when nothing is shared.
 */
export function shareText(terms: ShareTerms): string | null {
  if (!(terms.percent > 0)) return null;
  const what = terms.amountCents !== null ? formatCents(terms.amountCents) : `${terms.percent}% of the referral bonus`;
  const days = terms.deadlineDays === 1 ? "1 day" : `${terms.deadlineDays} days`;
  return `${what} by ${methodText(terms.method, terms.methodNote)} within ${days} of the bonus posting`;
}

/** What a referral not yet confirmed by its referrer says beside its share (docs/decisions/180). */
export const UNCONFIRMED_SHARE_NOTE =
  "Estimated from the bonus's value; the referrer has not confirmed the amount and method yet.";

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
