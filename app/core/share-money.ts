/**
 * A share's amount in US cents from the bonus and its value per point (docs/decisions/185): the
 * one rule the referral schema, the demo data and (in SQL) migration 0019 use. Pure.
 */
import type { BonusUnit } from "../../db/enums";

/** Points and miles without a program's valuation: the unit's default of ADR 130 (1 and 1.2 cents). */
const DEFAULT_CENTS: Record<BonusUnit, number | null> = {
  USD: 100,
  Points: 1,
  Miles: 1.2,
  Cashback: null,
  Other: null,
};

/** US cents per unit of a bonus: 100 for dollars, the program's valuation (or the default) for points and miles. */
export function centsPerUnit(unit: BonusUnit, centsPerPoint: number | null | undefined): number | null {
  if (unit === "Points" || unit === "Miles") return centsPerPoint ?? DEFAULT_CENTS[unit];
  return DEFAULT_CENTS[unit];
}

/**
 * The share's amount in US cents: `percent` of the bonus at its value (migration 0019 computes the
 * same for existing referrals); null when nothing is shared or the bonus has no value to use.
 */
export function shareCentsFrom(
  percent: number,
  bonus: { amount: number; unit: BonusUnit } | null | undefined,
  centsPerPoint: number | null | undefined,
): number | null {
  if (!(percent > 0) || !bonus || !(bonus.amount > 0)) return null;
  const cents = centsPerUnit(bonus.unit, centsPerPoint);
  return cents === null ? null : Math.round((bonus.amount * percent * cents) / 100);
}
