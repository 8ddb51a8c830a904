/**
 * How card money is written (docs/product.md#display-formats): shared by the admin list, the referral grid,
 * the referral detail and the landing page. Pure functions, safe in the browser.
 */
import type { BonusUnit, CardCategory } from "../../../db/enums";

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "$95", or "No Annual Fee" at 0. */
export function formatAnnualFee(fee: number): string {
  return fee > 0 ? `$${whole.format(fee)}` : "No Annual Fee";
}

export interface Bonus {
  amount: number;
  unit: BonusUnit;
}

/**
 * A bonus as the spec writes it: $N, N points, N miles, N% cashback, or N {unit}; 0 or missing is
 * "No referral program".
 */
export function formatBonus(bonus: Bonus | null | undefined): string {
  if (!bonus || !(bonus.amount > 0)) return "No referral program";
  const amount = whole.format(bonus.amount);
  switch (bonus.unit) {
    case "USD":
      return `$${amount}`;
    case "Points":
      return `${amount} points`;
    case "Miles":
      return `${amount} miles`;
    case "Cashback":
      return `${amount}% cashback`;
    default:
      return `${amount} ${bonus.unit}`;
  }
}

/**
 * Older data may hold a bonus as a plain number: points on a Travel card, otherwise US dollars.
 * API input goes through this so both shapes are accepted.
 */
export function normalizeBonus(value: number | Bonus | null | undefined, category: CardCategory): Bonus {
  if (value == null) return { amount: 0, unit: "USD" };
  if (typeof value === "number") return { amount: value, unit: category === "Travel" ? "Points" : "USD" };
  return value;
}
