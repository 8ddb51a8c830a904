/**
 * The share's terms on a referral (docs/decisions/185-share-is-money.md): its fields in the
 * referral schema, the rules on them and what is saved. The forms name the method (and the amount
 * when the bonus has no value to compute it from); the API's payload may leave them out.
 */
import { z } from "zod";
import { SHARE_METHODS, type BonusUnit } from "../../../db/enums";
import { optionalText } from "~/utils/zod-fields";
import { DEFAULT_DEADLINE_DAYS, MAX_DEADLINE_DAYS, shareCentsFrom } from "~/modules/shares/terms";

/** The value of `creditCardId` that means 'Other (Not Listed)': the referral brings its own card. */
export const OTHER_CARD = "other";

export const SHARE_TERM_MESSAGES = {
  creditToShow: "Enter your score, or choose not to show it",
  shareAmount: "Enter the dollars the applicant receives, e.g. 50",
  shareAmountNeeded: "Enter the dollars: this bonus has no dollar value",
  shareMethod: "Choose how you pay the share",
  shareMethodNote: "Say which method",
  shareDeadline: `Enter a number of days from 1 to ${MAX_DEADLINE_DAYS}`,
} as const;

const TOO_LARGE_AMOUNT = "That amount is too large";

export const blankToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A form's number: blank is undefined, text is read as a number (zod then says if it is not one). */
export const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === "string" ? Number(blank) : blank;
};

/** The share's fields and the score's choice, beside the spec's referral fields. */
export const SHARE_TERM_FIELDS = {
  /**
   * Whether applicants see the score (docs/decisions/185): the form always says; an API call that
   * leaves it out shows the score it gives (the spec's payload).
   */
  showCredit: z.enum(["yes", "no"], { error: "Choose yes or no" }).optional(),
  /** The dollars the applicant receives; empty: computed from the bonus's value. */
  shareAmount: z.preprocess(
    toNumber,
    z
      .number({ error: SHARE_TERM_MESSAGES.shareAmount })
      .min(0.01, SHARE_TERM_MESSAGES.shareAmount)
      .max(100_000, TOO_LARGE_AMOUNT)
      .optional(),
  ),
  shareMethod: z.preprocess(
    blankToUndefined,
    z.enum(SHARE_METHODS, { error: SHARE_TERM_MESSAGES.shareMethod }).optional(),
  ),
  shareMethodNote: optionalText(100),
  shareDeadlineDays: z.preprocess(
    toNumber,
    z
      .number({ error: SHARE_TERM_MESSAGES.shareDeadline })
      .int(SHARE_TERM_MESSAGES.shareDeadline)
      .min(1, SHARE_TERM_MESSAGES.shareDeadline)
      .max(MAX_DEADLINE_DAYS, SHARE_TERM_MESSAGES.shareDeadline)
      .optional(),
  ),
};

/**
 * Who sends the referral: the forms (/refer, the edit page) name the share's method and say whether
 * the score is shown; the API's payload may leave both out (docs/decisions/185).
 */
export type ReferralDoor = "form" | "api";

/** What a card's rules say about the share's value: its referral bonus and its program's value. */
export interface ShareRules {
  bonus?: { amount: number; unit: BonusUnit };
  centsPerPoint?: number | null;
  program?: string | null;
}

/** The draft's fields the share's rules read. */
interface ShareDraft extends ShareBasis {
  sharingBenefitPortion?: number;
  referrerCredit?: number | null;
  showCredit?: "yes" | "no";
  shareAmount?: number;
  shareMethod?: (typeof SHARE_METHODS)[number];
  shareMethodNote?: string;
  shareDeadlineDays?: number;
}

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";

/**
 * The share's terms (docs/decisions/185): the form names a method and, when the bonus has no
 * value to compute it from, the amount; 'other' needs its words; the form's 'show my score' needs
 * the score. An API call may leave the terms out: the amount then comes from the valuation.
 */
export function checkShareTerms(
  draft: ShareDraft,
  rules: ShareRules | null | undefined,
  issue: (path: string[], message: string) => void,
  door: ReferralDoor,
) {
  if (door === "form" && draft.showCredit === "yes" && draft.referrerCredit == null) {
    issue(["referrerCredit"], SHARE_TERM_MESSAGES.creditToShow);
  }
  const sharing = typeof draft.sharingBenefitPortion === "number" ? draft.sharingBenefitPortion : 0;
  if (!(sharing > 0)) return;
  if (door === "form" && (draft.shareMethod === undefined || draft.shareMethod === "chat")) {
    issue(["shareMethod"], SHARE_TERM_MESSAGES.shareMethod);
  }
  if (draft.shareMethod === "other" && !hasText(draft.shareMethodNote)) {
    issue(["shareMethodNote"], SHARE_TERM_MESSAGES.shareMethodNote);
  }
  if (door === "form" && draft.shareAmount === undefined && estimatedShareCents(draft, rules) === null) {
    issue(["shareAmount"], SHARE_TERM_MESSAGES.shareAmountNeeded);
  }
}

/** What the share's amount is computed from: the share, the card, the special bonus, a new card's bonus. */
export interface ShareBasis {
  sharingBenefitPortion?: unknown;
  creditCardId?: unknown;
  specialReferrerBonus?: { amount?: unknown; unit?: BonusUnit } | null;
  newCard?: { referralBonusAmount?: unknown; referralBonusUnit?: BonusUnit };
}

/** The share's amount in cents from the bonus it is a share of (the special bonus when given) and its value. */
export function estimatedShareCents(draft: ShareBasis, rules: ShareRules | null | undefined) {
  const special = draft.specialReferrerBonus;
  const newCard = draft.creditCardId === OTHER_CARD ? draft.newCard : undefined;
  const bonus =
    special && typeof special.amount === "number" && special.amount > 0
      ? { amount: special.amount, unit: special.unit ?? "USD" }
      : newCard
        ? { amount: Number(newCard.referralBonusAmount) || 0, unit: newCard.referralBonusUnit ?? "USD" }
        : rules?.bonus;
  // A special bonus in the card's own unit is worth what the card's points are; another unit, its default.
  const sameUnit = bonus && rules?.bonus && bonus.unit === rules.bonus.unit;
  const percent = typeof draft.sharingBenefitPortion === "number" ? draft.sharingBenefitPortion : 0;
  return shareCentsFrom(percent, bonus, sameUnit ? rules?.centsPerPoint : null);
}

/** The share's terms as saved (docs/decisions/185): nothing but the default with no share. */
export function shareTermsOf(
  draft: ShareDraft & { sharingBenefitPortion: number },
  rules: ShareRules | null | undefined,
) {
  const sharing = draft.sharingBenefitPortion > 0;
  const method = sharing ? (draft.shareMethod ?? "chat") : "chat";
  return {
    shareAmountCents: !sharing
      ? null
      : draft.shareAmount !== undefined
        ? Math.round(draft.shareAmount * 100)
        : estimatedShareCents(draft, rules),
    shareMethod: method,
    // Absent unless 'other' (undefined: the preview's JSON draft parses again).
    shareMethodNote: method === "other" ? draft.shareMethodNote : undefined,
    shareDeadlineDays: draft.shareDeadlineDays ?? DEFAULT_DEADLINE_DAYS,
    /** The referrer named the method (and so agreed the amount): false for the API's defaults. */
    shareTermsSet: sharing && method !== "chat",
  };
}
