/**
 * A share as money (docs/decisions/185-share-is-money.md): the dollars the applicant receives, how
 * and by when, computed from the bonus and a valuation, and said one way everywhere ("$50 by Zelle
 * within 7 days of the bonus posting"): tiles, the referral page, /r/{code}, card pages, the
 * applicant's application and the API's `shareText`. Pure, safe in the browser.
 */
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

/**
 * A card's best share in the catalogue and on the landing, from credit_cards.best_share_value (the
 * best amount agreed up front among its listed referrals, kept by migration 0021's triggers,
 * docs/decisions/200): 'Up to $50', or null without one.
 */
export function bestShareText(dollarsValue: number): string | null {
  return dollarsValue > 0 ? `Up to ${formatCents(Math.round(dollarsValue * 100))}` : null;
}
