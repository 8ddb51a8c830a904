/**
 * How a referral's share is stated, in one place (docs/product.md#display-formats, ADR 200): the
 * tiles, the card page, /r/{code}, the catalogue's best share and the landing's market all call
 * these, so changing what a share is (issue 30: a dollar amount agreed up front) changes every page
 * here. Pure, safe in the browser.
 *
 * The catalogue's best share per card is the best amount agreed up front (share_amount_cents,
 * docs/decisions/185), kept in SQL by migration 0021's triggers.
 */
import { formatBonus, type Bonus } from "~/modules/cards/display";
import { estimatedValue, formatShare } from "~/modules/cards/value";

const dollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** What a share is stated from: the promised percent of the referrer's bonus. */
export interface ShareTerms {
  percent: number;
  bonus: Bonus | null | undefined;
}

/** The share's estimated value in US dollars, or null when it has none (nothing shared, or a bonus without an estimate). */
export function shareValue({ percent, bonus }: ShareTerms): number | null {
  if (!(percent > 0)) return null;
  const value = estimatedValue(bonus);
  return value === null ? null : Math.round(value * percent) / 100;
}

/**
 * The share as a sentence: '20% of $150 = $30', '25% of 10,000 points = 2,500 points (≈ $25 est.)',
 * '10% of 5% cashback' when it has no amount, 'Nothing shared' without a share.
 */
export function shareText({ percent, bonus }: ShareTerms): string {
  if (!(percent > 0)) return "Nothing shared";
  const amount = formatShare(percent, bonus);
  if (amount) return amount;
  return bonus && bonus.amount > 0 ? `${percent}% of ${formatBonus(bonus)}` : `${percent}% of the referral bonus`;
}

/** The share's money in a few characters (tiles' headline, share images): '$30', '≈ $25', or null. */
export function shareMoney(terms: ShareTerms): string | null {
  const value = shareValue(terms);
  if (value === null) return null;
  const exact = terms.bonus?.unit === "USD";
  return `${exact ? "" : "≈ "}$${dollars.format(value)}`;
}

/** The catalogue's and landing's best share of a card, from its best_share_value: 'Up to ≈ $30', or null without one. */
export function bestShareText(value: number): string | null {
  return value > 0 ? `Up to ≈ $${dollars.format(value)}` : null;
}
