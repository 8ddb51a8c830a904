/**
 * Referral inputs (spec sections 3 and 5), one zod schema for the /refer form (client and action)
 * and POST /api/referrals/card-refer/generate. Field names are the spec's; the form posts the
 * nested ones with dots (`specialReferrerBonus.amount`), which conform parses into objects.
 */
import { z } from "zod";
import { BONUS_UNITS } from "../../../db/enums";
import { CARD_MESSAGES, NewCardSchema, TOO_LARGE } from "~/modules/cards/schemas";
import { checkbox, optionalText } from "~/utils/zod-fields";
import { INVALID_REFERRAL, PRIVATE_CONTENT, REFERRAL_NOT_FOUND } from "~/utils/messages";

export const REFERRAL_MESSAGES = {
  linkRequired: "Please enter a referral link",
  linkHttps: "Enter the full link, starting with https://",
  referrerBonusRequired: "Please enter your special referral bonus amount",
  applicantBonusRequired: "Please describe the special bonus for applicants",
  cardRequired: "Please choose a card",
  newCardDescriptionRequired: "Please describe the card",
  countMin: "Available referrals must be at least 1",
  creditRange: "Enter a credit score between 300 and 850",
  created: "Credit card referral created successfully!",
  createFailed: "Failed to create referral. Please try again.",
  markedInactive: "Referral marked as inactive",
  reopened: "Referral reopened",
  notFound: REFERRAL_NOT_FOUND,
  duplicateActive: "You already have an active referral for this card. Mark it as inactive first.",
  memberDuplicateActive: "This member already has an active referral for this card, so this one cannot be reopened.",
  notOwner: "Only the referrer can change this referral.",
  moderatedRepublish:
    "An admin deactivated your referral for this card or link, so it cannot be published again. Contact support if you think this is a mistake.",
  moderatedStatus: "Deactivated by an admin",
  moderatedNote: "An admin deactivated this referral; only an admin can reopen it.",
  moderated:
    "An admin deactivated this referral, so only an admin can reopen it. Contact support if you think this is a mistake.",
  privateReferrals: PRIVATE_CONTENT,
} as const;

/** The value of `creditCardId` that means 'Other (Not Listed)': the referral brings its own card. */
export const OTHER_CARD = "other";

/** Sharing presets of spec section 9; anything else is Custom. */
export const SHARING_PRESETS = [0, 10, 20, 30, 50] as const;

const blankToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === "string" ? Number(blank) : blank;
};

/** The referrer's credit score: digits only (anything else typed is dropped); empty is null. */
const creditField = z.preprocess(
  (value) => {
    if (value == null) return null;
    const digits = String(value).replace(/\D/g, "");
    return digits === "" ? null : Number(digits);
  },
  z
    .number({ error: REFERRAL_MESSAGES.creditRange })
    .min(300, REFERRAL_MESSAGES.creditRange)
    .max(850, REFERRAL_MESSAGES.creditRange)
    .int(REFERRAL_MESSAGES.creditRange)
    .nullable(),
);

/** 0 to 100, clamped rather than refused (spec section 5); "custom" takes the custom field's value. */
const sharingField = z.preprocess(
  (value) => {
    const number = toNumber(value);
    if (number === undefined) return 0;
    if (typeof number !== "number" || Number.isNaN(number)) return number;
    return Math.round(Math.min(100, Math.max(0, number)));
  },
  z.number({ error: "Enter a percentage from 0 to 100" }),
);

export interface CardRules {
  hasVariousReferrerBonus: boolean;
  /** The card's per-user cap; 0 means unlimited. */
  maxReferCount: number;
}

const baseSchema = z.object({
  /** API clients may name themselves as the referrer (spec section 7); the route refuses anyone else. */
  referrer: z.string().nullish(),
  creditCardId: z.string({ error: REFERRAL_MESSAGES.cardRequired }).trim().min(1, REFERRAL_MESSAGES.cardRequired),
  newCard: NewCardSchema.optional(),
  referralLink: z
    .string({ error: REFERRAL_MESSAGES.linkRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.linkRequired)
    .max(2048, "That link is too long")
    .pipe(z.url({ error: REFERRAL_MESSAGES.linkHttps, protocol: /^https$/ })),
  referrerCredit: creditField.optional().transform((value) => value ?? null),
  sharingBenefitPortion: sharingField,
  additionalInfo: optionalText(2000),
  specialApplicantBonus: z
    .object({ isHigher: checkbox, bonus: optionalText(500) })
    .nullish()
    .transform((value) => value ?? { isHigher: false, bonus: "" }),
  specialReferrerBonus: z
    .object({
      amount: z.preprocess(
        toNumber,
        z.number({ error: "Enter a number" }).min(0, CARD_MESSAGES.bonusNegative).max(10_000_000, TOO_LARGE).optional(),
      ),
      unit: z.enum(BONUS_UNITS, { error: "Choose a bonus unit" }).default("USD"),
    })
    .nullish()
    .transform((value) => value ?? { amount: undefined, unit: "USD" as const }),
  availableReferCount: z.preprocess(
    (value) => {
      const number = toNumber(value);
      return number === undefined ? null : number;
    },
    z
      .number({ error: "Enter a whole number" })
      .min(1, REFERRAL_MESSAGES.countMin)
      .max(1_000_000, TOO_LARGE)
      .int("Enter a whole number")
      .nullable(),
  ),
});

type ReferralDraft = z.output<typeof baseSchema>;

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** The custom sharing field of the form: the radio says "custom", the number field holds the value. */
function resolveSharingPreset(value: unknown) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const input = value as Record<string, unknown>;
    if (input.sharingBenefitPortion === "custom") return { ...input, sharingBenefitPortion: input.sharingCustom };
  }
  return value;
}

/**
 * The referral schema for one card's rules (`card` undefined while none is chosen; for 'Other'
 * the new card's own fields give the rules). The count is capped at the card's maxReferCount and
 * defaults to it when left empty.
 */
export function referralSchema(card: CardRules | undefined) {
  const rulesOf = (draft: Partial<ReferralDraft>): CardRules | undefined =>
    draft.creditCardId === OTHER_CARD
      ? {
          hasVariousReferrerBonus: draft.newCard?.hasVariousReferrerBonus ?? false,
          maxReferCount: draft.newCard?.maxReferCount ?? 0,
        }
      : card;
  return z.preprocess(
    resolveSharingPreset,
    baseSchema
      .refine((draft) => draft.creditCardId !== OTHER_CARD || draft.newCard !== undefined, {
        path: ["newCard", "name"],
        message: CARD_MESSAGES.nameRequired,
        when: () => true,
      })
      // Refinements run on partly invalid drafts too (`when`), where a field may still be any JSON value.
      .refine((draft) => draft.creditCardId !== OTHER_CARD || hasText(draft.newCard?.description), {
        path: ["newCard", "description"],
        message: REFERRAL_MESSAGES.newCardDescriptionRequired,
        when: (payload) => (payload.value as Partial<ReferralDraft>)?.creditCardId === OTHER_CARD,
      })
      .refine(
        (draft) => {
          const needed = rulesOf(draft)?.hasVariousReferrerBonus || (draft.sharingBenefitPortion ?? 0) > 0;
          return !needed || (draft.specialReferrerBonus?.amount ?? 0) > 0;
        },
        {
          path: ["specialReferrerBonus", "amount"],
          message: REFERRAL_MESSAGES.referrerBonusRequired,
          when: () => true,
        },
      )
      .refine((draft) => !draft.specialApplicantBonus?.isHigher || hasText(draft.specialApplicantBonus.bonus), {
        path: ["specialApplicantBonus", "bonus"],
        message: REFERRAL_MESSAGES.applicantBonusRequired,
        when: () => true,
      })
      .transform((draft) => {
        const cap = rulesOf(draft)?.maxReferCount ?? 0;
        const count = draft.availableReferCount;
        return {
          ...draft,
          availableReferCount: cap > 0 ? Math.min(count ?? cap, cap) : count,
          specialReferrerBonus:
            (draft.specialReferrerBonus.amount ?? 0) > 0
              ? { amount: draft.specialReferrerBonus.amount!, unit: draft.specialReferrerBonus.unit }
              : null,
          specialApplicantBonus: draft.specialApplicantBonus.isHigher
            ? { isHigher: true as const, bonus: draft.specialApplicantBonus.bonus }
            : null,
          newCard: draft.creditCardId === OTHER_CARD ? draft.newCard : undefined,
        };
      }),
  );
}

export type ReferralInput = z.output<ReturnType<typeof referralSchema>>;

/**
 * The server's referral schema (POST .../generate and .../process, the /refer form): the rules of a
 * listed card are the domain's to apply once it has read the card (applyCardRules).
 */
export const ReferralInputSchema = referralSchema(undefined);

/** Whether a count will be capped, for the form's warning. */
export function willBeCapped(count: number | null | undefined, maxReferCount: number) {
  return maxReferCount > 0 && count != null && count > maxReferCount;
}

/** Mark as Inactive / Reopen from My Referrals: the referral (`id`, so a refusal shows beside its row) and where to go back. */
export const ReferralStatusSchema = z.object({
  id: z.string({ error: REFERRAL_NOT_FOUND }).trim().min(1, REFERRAL_NOT_FOUND).max(64, REFERRAL_NOT_FOUND),
  redirectTo: z.string().optional(),
});

/** The apply call (spec section 7): POST /api/applications/card-apply and .../add-people. */
export const ApplySchema = z.object({
  referralId: z.string({ error: INVALID_REFERRAL }).trim().min(1, INVALID_REFERRAL),
  cardId: z.string().trim().optional(),
  userId: z.string().trim().optional(),
});
