/**
 * A referral as the details form holds it (conform's nested values, named with dots in the HTML:
 * `specialReferrerBonus.amount`), and the way back from a checked referral to those values: Edit
 * on /refer's preview fills the form with them, and so can any later form that edits a referral.
 */
import type { FieldMetadata, useForm } from "@conform-to/react";
import { DEFAULT_DEADLINE_DAYS } from "~/modules/shares/terms";
import { OTHER_CARD, SHARING_PRESETS, type ReferralInput } from "./schemas";

type Text = string | undefined;

export type ReferralFormValue = {
  creditCardId: Text;
  newCard?: {
    name?: Text;
    issuer?: Text;
    category?: Text;
    annualFee?: Text;
    description?: Text;
    referralBonusAmount?: Text;
    referralBonusUnit?: Text;
    officialWebsite?: Text;
    imageUrl?: Text;
    maxReferCount?: Text;
    hasVariousReferrerBonus?: Text;
  };
  referralLink?: Text;
  referrerCredit?: Text;
  /** "yes" or "no": whether applicants see the score (docs/decisions/185). */
  showCredit?: Text;
  availableReferCount?: Text;
  /** A preset ("0", "10", ...) or "custom", which takes `sharingCustom`. */
  sharingBenefitPortion?: Text;
  sharingCustom?: Text;
  /** The share as money (docs/decisions/185): dollars, method, its words for 'other', days after the bonus posts. */
  shareAmount?: Text;
  shareMethod?: Text;
  shareMethodNote?: Text;
  shareDeadlineDays?: Text;
  specialReferrerBonus?: { amount?: Text; unit?: Text };
  specialApplicantBonus?: { isHigher?: Text; bonus?: Text };
  additionalInfo?: Text;
};

/** The sharing choices of the form: the presets (docs/product.md#referrals), then Custom. */
export const SHARING_CHOICES = [...SHARING_PRESETS.map(String), "custom"] as const;

export function sharingLabel(choice: string) {
  return choice === "0" ? "None" : choice === "custom" ? "Custom" : `${choice}%`;
}

/** A new, empty referral: no share, bonuses in USD; `creditCardId` is 'other' for a new card. */
export function blankReferralForm(creditCardId = "", cardIssuer?: string): ReferralFormValue {
  return {
    creditCardId,
    // 'Other card' from a listed issuer's step names that issuer already (docs/product.md#refer).
    newCard: creditCardId === OTHER_CARD ? { referralBonusUnit: "USD", issuer: cardIssuer } : undefined,
    sharingBenefitPortion: "0",
    showCredit: "no",
    shareDeadlineDays: String(DEFAULT_DEADLINE_DAYS),
    specialReferrerBonus: { unit: "USD" },
  };
}

const text = (value: unknown): Text =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
const checked = (value: unknown): Text => (value === true ? "on" : undefined);

/**
 * A checked referral (the schema's output) as the form's values. It may also come back from the
 * browser (the preview's draft after a refusal), so every value is read for its type.
 */
export function referralFormValue(input: Partial<ReferralInput>): ReferralFormValue {
  const share = typeof input.sharingBenefitPortion === "number" ? input.sharingBenefitPortion : 0;
  const preset = (SHARING_PRESETS as readonly number[]).includes(share);
  const card = input.newCard;
  return {
    creditCardId: text(input.creditCardId),
    newCard: card && {
      name: text(card.name),
      issuer: text(card.issuer),
      category: text(card.category),
      annualFee: text(card.annualFee),
      description: text(card.description),
      referralBonusAmount: text(card.referralBonusAmount),
      referralBonusUnit: text(card.referralBonusUnit),
      officialWebsite: text(card.officialWebsite),
      imageUrl: text(card.imageUrl),
      maxReferCount: text(card.maxReferCount),
      hasVariousReferrerBonus: checked(card.hasVariousReferrerBonus),
    },
    referralLink: text(input.referralLink),
    referrerCredit: text(input.referrerCredit),
    showCredit: input.showCredit === "yes" || input.showCredit === "no" ? input.showCredit : undefined,
    availableReferCount: text(input.availableReferCount),
    sharingBenefitPortion: preset ? String(share) : "custom",
    sharingCustom: preset ? undefined : String(share),
    shareAmount: text(input.shareAmount),
    shareMethod: text(input.shareMethod),
    shareMethodNote: text(input.shareMethodNote),
    shareDeadlineDays: text(input.shareDeadlineDays) ?? String(DEFAULT_DEADLINE_DAYS),
    specialReferrerBonus: {
      amount: text(input.specialReferrerBonus?.amount),
      unit: text(input.specialReferrerBonus?.unit) ?? "USD",
    },
    specialApplicantBonus: input.specialApplicantBonus
      ? { isHigher: checked(input.specialApplicantBonus.isHigher), bonus: text(input.specialApplicantBonus.bonus) }
      : undefined,
    additionalInfo: text(input.additionalInfo),
  };
}

export type ReferralFormFields = ReturnType<typeof useForm<ReferralFormValue>>[1];
export type ReferralFormMeta = ReturnType<typeof useForm<ReferralFormValue>>[0];

/** What a section of a referral's form takes: conform's form and fields, the card's rules, the errors to show. */
export interface ReferralSectionProps<Rules> {
  form: ReferralFormMeta;
  fields: ReferralFormFields;
  /** The chosen card's rules; undefined while no card is chosen. */
  rules: Rules | undefined;
  errorsOf: ErrorsOf;
}

/** The errors to show under a field (conform's, or a rule another field triggered). */
export type ErrorsOf = (field: Pick<FieldMetadata<unknown>, "name" | "errors">) => string[] | undefined;

/** The share as a number of percent, as the schema reads it (Custom takes its own field). */
export function sharePercent(fields: ReferralFormFields) {
  const choice = fields.sharingBenefitPortion.value ?? "0";
  const share = Number(choice === "custom" ? fields.sharingCustom.value : choice);
  return Number.isFinite(share) ? share : 0;
}
