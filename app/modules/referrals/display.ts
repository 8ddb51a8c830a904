/**
 * Constants and labels for referrals (docs/product.md#search, #display-formats) (search filters, sort options, credit score
 * bands, the 'Only N referrals left' warning). Pure, shared by the pages and the search query.
 */

export const MIN_CREDIT_OPTIONS = [650, 700, 750] as const;
export const MIN_SHARING_OPTIONS = [10, 25, 50] as const;
/** 0 is "No annual fee". */
export const MAX_FEE_OPTIONS = [0, 99, 199, 499] as const;

/** The bonus-type filter: what the card's welcome offer pays in (referrals.offer_kind). */
export const BONUS_TYPES = ["points", "miles", "cash"] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
export const BONUS_TYPE_LABELS: Record<BonusType, string> = { points: "Points", miles: "Miles", cash: "Cash" };

export const SORT_FIELDS = ["sharing", "credit", "bonus", "fee"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

const FIELD_LABELS: Record<SortField, string> = {
  sharing: "Sharing Benefit",
  credit: "Credit Score",
  bonus: "Referral Bonus",
  fee: "Annual Fee",
};

/** `default` (the fair rotation) plus each field low to high and high to low. */
export const SORT_OPTIONS = [
  { value: "default", label: "Default" },
  ...SORT_FIELDS.flatMap((field) => [
    { value: `${field}_asc`, label: `${FIELD_LABELS[field]}: Low to High` },
    { value: `${field}_desc`, label: `${FIELD_LABELS[field]}: High to Low` },
  ]),
] as const;

export function parseSort(value: string | null | undefined): { field: SortField; direction: SortDirection } | null {
  const match = /^(sharing|credit|bonus|fee)_(asc|desc)$/.exec(value ?? "");
  return match ? { field: match[1] as SortField, direction: match[2] as SortDirection } : null;
}

export interface CreditBand {
  label: string;
  tone: "success" | "brand" | "warning" | "muted";
}

/** docs/product.md#display-formats: 750+ Excellent, 700-749 Good, 650-699 Fair, below 650 Building. */
export function creditScoreBand(score: number | null | undefined): CreditBand | null {
  if (score == null) return null;
  if (score >= 750) return { label: "Excellent", tone: "success" };
  if (score >= 700) return { label: "Good", tone: "brand" };
  if (score >= 650) return { label: "Fair (moderate odds)", tone: "warning" };
  return { label: "Building (consider secured cards)", tone: "muted" };
}

/** 'Only N referrals left' at 1 to `upTo` (5 on cards, 3 on the detail page). */
export function remainingWarning(available: number | null | undefined, upTo: 3 | 5): string | null {
  if (available == null || available < 1 || available > upTo) return null;
  return `Only ${available} ${available === 1 ? "referral" : "referrals"} left`;
}

export const EMPTY_SEARCH_TEXT = "No referrals found matching your filters.";

export const REFERRAL_STATUS_ACTION = "/dashboard/my-referrals";

/**
 * The bonus a referral offers: the referrer's special bonus when given, else the card's (here,
 * not beside the referral's schema, so /r/{code} loads no zod).
 */
export function offeredBonus<B>(referral: { specialReferrerBonus: B | null; creditCard: { referralBonus: B } }): B {
  return referral.specialReferrerBonus ?? referral.creditCard.referralBonus;
}
