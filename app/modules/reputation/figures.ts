/**
 * A referrer's reputation from confirmed outcomes (docs/decisions/170): the figures kept on their
 * users row by the outcomes domain, as /api carries them and as pages word them. Browser-safe.
 */
import { z } from "zod";

export const OutcomeFiguresSchema = z.object({
  /** Applications whose bonus both sides confirmed. */
  confirmedSuccesses: z.number().int(),
  /** Shares owed: the bonus posted on an application that was promised a share. */
  sharesPromised: z.number().int(),
  /** Of those, the ones the applicant confirmed received. */
  sharesPaid: z.number().int(),
  /** Median days from bonus posted to share paid, over confirmed shares (null before the first). */
  medianDaysToPay: z.number().nullable(),
  /** Shares an applicant reported as not received, still open. */
  openDisputes: z.number().int(),
  /** Disputes an admin decided for the applicant (docs/decisions/175). */
  disputesUpheld: z.number().int(),
  /** Shares past their deadline and not marked paid (docs/decisions/185). */
  lateShares: z.number().int(),
});
export type OutcomeFigures = z.infer<typeof OutcomeFiguresSchema>;

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
