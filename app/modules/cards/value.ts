/**
 * What a bonus is worth in US dollars, estimated (docs/decisions/130-welcome-offers-and-estimated-values.md):
 * one value per unit, the same table migration 0012's triggers use for the /apply bonus sort
 * (tests/worker/offer-values.test.ts checks they agree). Pure, safe in the browser.
 */
import { type BonusUnit, type OfferKind } from "../../../db/enums";
import { formatBonus, type Bonus } from "./display";

/**
 * US dollars per unit. Points and miles are valued at a conservative cash-out rate across the
 * issuers' programs (1 cent a point, 1.2 cents a mile); Cashback is a percentage and Other is
 * free text, so neither has an estimate (null).
 */
export const UNIT_VALUE_USD: Record<BonusUnit, number | null> = {
  USD: 1,
  Points: 0.01,
  Miles: 0.012,
  Cashback: null,
  Other: null,
};

/** The bonus's estimated dollar value, or null when it has none (no amount, or a unit without one). */
export function estimatedValue(bonus: Bonus | null | undefined): number | null {
  if (!bonus || !(bonus.amount > 0)) return null;
  const rate = UNIT_VALUE_USD[bonus.unit];
  return rate === null ? null : Math.round(bonus.amount * rate * 100) / 100;
}

const dollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** '$750' for a dollar bonus (exact), '≈ $750 est.' for points or miles, null without an estimate. */
export function formatEstimate(bonus: Bonus | null | undefined): string | null {
  const value = estimatedValue(bonus);
  if (value === null || !bonus) return null;
  return bonus.unit === "USD" ? `$${dollars.format(value)}` : `≈ $${dollars.format(value)} est.`;
}

/** A card's welcome offer: amount and unit, minimum spend in whole US dollars, months (0 = not stated). */
export interface WelcomeOffer extends Bonus {
  minSpend: number;
  months: number;
}

/** 'after $5,000 in 3 months', 'in 3 months', '' when neither is stated. */
export function offerTerms(offer: Pick<WelcomeOffer, "minSpend" | "months">): string {
  const spend = offer.minSpend > 0 ? `after $${dollars.format(offer.minSpend)} spend` : "";
  const months = offer.months > 0 ? `in ${offer.months} month${offer.months === 1 ? "" : "s"}` : "";
  return [spend, months].filter(Boolean).join(" ");
}

/** '75,000 points' / '$200', or null when the card has no structured offer. */
export function formatOffer(offer: WelcomeOffer | null | undefined): string | null {
  if (!offer || !(offer.amount > 0)) return null;
  return formatBonus(offer);
}

/**
 * A card's welcome offer in one line, the one way every page states it (issue 31): the structured
 * offer with its terms when the card has one ('75,000 points after $4,000 spend in 3 months'), else
 * the offer's own text, else null. Never both, never 'no offer' beside the text.
 */
export function welcomeOfferLine(
  offer: WelcomeOffer | null | undefined,
  text: string | null | undefined,
): string | null {
  const structured = formatOffer(offer);
  if (structured && offer) return [structured, offerTerms(offer)].filter(Boolean).join(" ");
  return text?.trim() || null;
}

/** What an offer pays in, for the bonus-type filter: the same rule as migration 0012's offer_kind. */
export function offerKind(offer: Bonus | null | undefined): OfferKind {
  if (!offer || !(offer.amount > 0)) return "none";
  switch (offer.unit) {
    case "USD":
    case "Cashback":
      return "cash";
    case "Points":
      return "points";
    case "Miles":
      return "miles";
    default:
      return "other";
  }
}

/** A card's stored offer as presented: null when it has no amount. */
export function presentOffer(offer: WelcomeOffer) {
  return offer.amount > 0 ? { ...offer, estimatedValue: estimatedValue(offer) } : null;
}
