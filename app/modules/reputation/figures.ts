/**
 * A referrer's reputation from confirmed outcomes (docs/decisions/170): the figures kept on their
 * users row by the outcomes domain, as pages word them. Browser-safe and without zod, so the
 * pages that show figures load no form kit (their schema, as /api carries them: figures-schema.ts).
 */
import type { OutcomeFigures } from "./figures-schema";

export type { OutcomeFigures };

/** The users columns the figures come from, under the same names. */
export const NO_FIGURES: OutcomeFigures = {
  confirmedSuccesses: 0,
  sharesPromised: 0,
  sharesPaid: 0,
  medianDaysToPay: null,
  openDisputes: 0,
  disputesUpheld: 0,
  lateShares: 0,
};

/** 'Paid 9 of 10 promised shares', or null when no share was owed yet. */
export function paidRateText(figures: OutcomeFigures) {
  if (figures.sharesPromised === 0) return null;
  return `Paid ${figures.sharesPaid} of ${figures.sharesPromised} promised ${figures.sharesPromised === 1 ? "share" : "shares"}`;
}

/** 'Pays in 3 days (median)', or null before the first confirmed share. */
export function medianDaysText(figures: OutcomeFigures) {
  if (figures.medianDaysToPay == null) return null;
  const days = Math.round(figures.medianDaysToPay);
  return days < 1 ? "Pays within a day (median)" : `Pays in ${days} ${days === 1 ? "day" : "days"} (median)`;
}

/** Every figure that has something to say, in reading order. */
export function figureTexts(figures: OutcomeFigures): string[] {
  return [
    figures.confirmedSuccesses > 0
      ? `${figures.confirmedSuccesses} confirmed ${figures.confirmedSuccesses === 1 ? "success" : "successes"}`
      : null,
    paidRateText(figures),
    medianDaysText(figures),
    figures.lateShares > 0 ? `${figures.lateShares} ${figures.lateShares === 1 ? "share" : "shares"} late` : null,
    figures.openDisputes > 0
      ? `${figures.openDisputes} open ${figures.openDisputes === 1 ? "dispute" : "disputes"}`
      : null,
    // Late shares (the share deadlines) go here, beside the disputes: what a referrer did wrong.
    figures.disputesUpheld > 0
      ? `${figures.disputesUpheld} ${figures.disputesUpheld === 1 ? "dispute" : "disputes"} decided against them`
      : null,
  ].filter((text): text is string => text !== null);
}
