/**
 * The credit card's fields as one zod schema (docs/product.md#card-catalogue, #card-texts), shared by the admin card form,
 * the /api card routes and the 'Other (Not Listed)' card of the referral flow.
 */
import { z } from "zod";
import { BONUS_UNITS, CARD_CATEGORIES } from "../../../db/enums";
import { checkbox, nameText, optionalText } from "~/utils/zod-fields";
import { normalizeBonus } from "./display";

export const CARD_MESSAGES = {
  nameRequired: "Card name is required",
  issuerRequired: "Issuer is required",
  feeNegative: "Annual fee cannot be negative",
  bonusNegative: "Bonus amount cannot be negative",
  spendNegative: "Minimum spend cannot be negative",
  monthsOutOfRange: "Months must be between 0 and 36",
  maxReferNegative: "Max refer count cannot be negative",
  invalidForm: "Please correct the errors in the form",
  notFound: "Credit card not found",
  created: "Credit card created successfully",
  updated: "Credit card updated successfully",
  deleted: "Credit card deleted successfully",
  deactivated: "Credit card marked as inactive",
  listFailed: "Failed to load credit cards",
  loadFailed: "Failed to load credit card data",
  createFailed: "Failed to create credit card",
  updateFailed: "Failed to update credit card",
  deleteFailed: "Failed to delete credit card",
  hasReferrals: (n: number) =>
    `This card has ${n} referral${n === 1 ? "" : "s"}, so deleting it would orphan them. Mark it as inactive instead: ` +
    "it leaves members' card pickers and search, and existing referrals keep their history.",
} as const;

/** Still exported here, for the card forms that import it from the domain; it lives in ~/utils/zod-fields. */
export { checkbox };

export const TOO_LARGE = "That number is too large";

/**
 * A number typed into a form (a string) or sent as JSON; empty means the default. The range is
 * checked before wholeness, so 1e308 reads 'That number is too large', not 'Enter a whole number'.
 */
const numberField = (negativeMessage: string, options: { int?: boolean; max?: number } = {}) => {
  const number = z
    .number({ error: options.int ? "Enter a whole number" : "Enter a number" })
    .min(0, negativeMessage)
    .max(options.max ?? 1_000_000_000, TOO_LARGE);
  return z.preprocess(
    (value) => (value === "" || value == null ? undefined : typeof value === "string" ? Number(value) : value),
    (options.int ? number.int("Enter a whole number") : number).default(0),
  );
};

/** An optional https URL (official website, image); empty means none. */
export const optionalHttpsUrl = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .url({ error: "Enter a full URL starting with https://", protocol: /^https$/ })
    .max(2048, "That URL is too long")
    .optional(),
);

export const CardSchema = z.object({
  name: nameText(CARD_MESSAGES.nameRequired).max(120, "Card names are at most 120 characters"),
  issuer: nameText(CARD_MESSAGES.issuerRequired).max(80, "Issuer names are at most 80 characters"),
  category: z.enum(CARD_CATEGORIES, { error: "Choose a category" }).default("Other"),
  annualFee: numberField(CARD_MESSAGES.feeNegative, { int: true, max: 100_000 }),
  hasVariousReferrerBonus: checkbox,
  referralBonusAmount: numberField(CARD_MESSAGES.bonusNegative),
  referralBonusUnit: z.enum(BONUS_UNITS, { error: "Choose a bonus unit" }).default("USD"),
  benefitForReferrer: optionalText(2000),
  applyBenefitWithReferral: optionalText(4000),
  /** The structured welcome offer (docs/decisions/130): 0 means none. */
  offerAmount: numberField(CARD_MESSAGES.bonusNegative),
  offerUnit: z.enum(BONUS_UNITS, { error: "Choose an offer unit" }).default("Points"),
  offerMinSpend: numberField(CARD_MESSAGES.spendNegative, { int: true, max: 1_000_000 }),
  offerMonths: numberField(CARD_MESSAGES.monthsOutOfRange, { int: true, max: 36 }),
  description: optionalText(8000),
  officialWebsite: optionalHttpsUrl,
  imageUrl: optionalHttpsUrl,
  active: checkbox,
  maxReferCount: numberField(CARD_MESSAGES.maxReferNegative, { int: true, max: 100_000 }),
});
export type CardInput = z.infer<typeof CardSchema>;

/** The issuer select's 'New issuer' option: the name is then typed in `newIssuer`. */
export const NEW_ISSUER = "new-issuer";

/**
 * The admin card form: the issuer is chosen from the known issuers, or 'New issuer' with its name
 * typed in `newIssuer` (required then). Parses to the same CardInput as CardSchema. The browser's
 * constraints come from CardFormFields (conform cannot read constraints through a transform).
 */
export const CardFormFields = CardSchema.extend({
  newIssuer: nameText().max(80, "Issuer names are at most 80 characters").optional(),
});
export const CardFormSchema = CardFormFields.superRefine((value, context) => {
  if (value.issuer === NEW_ISSUER && !value.newIssuer) {
    context.addIssue({ code: "custom", path: ["newIssuer"], message: CARD_MESSAGES.issuerRequired });
  }
}).transform(({ newIssuer, ...card }): CardInput => ({
  ...card,
  issuer: card.issuer === NEW_ISSUER ? (newIssuer ?? "") : card.issuer,
}));

/**
 * A card a member adds from the referral flow ('Other (Not Listed)'): Card Name, Card Issuer, Card
 * Category and Annual Fee are required there (docs/product.md#card-catalogue); the rest is optional.
 */
export const NewCardSchema = CardSchema.extend({
  category: z.enum(CARD_CATEGORIES, { error: "Card category is required" }),
  annualFee: z.preprocess(
    (value) => (value === "" || value == null ? undefined : typeof value === "string" ? Number(value) : value),
    z
      .number({ error: "Annual fee is required" })
      .min(0, CARD_MESSAGES.feeNegative)
      .max(100_000, TOO_LARGE)
      .int("Enter a whole number"),
  ),
});
export type NewCardInput = z.infer<typeof NewCardSchema>;

/**
 * What a member knows about a card they add (docs/decisions/155): the catalogue-only fields (image,
 * referral cap, the varying-bonus switch, offer details, benefits) stay with admins, who fill them
 * in when they approve the card; whatever else a request carries is not stored.
 */
export function memberCardFields(card: NewCardInput) {
  const { name, issuer, category, annualFee, referralBonusAmount, referralBonusUnit, description } = card;
  return {
    name,
    issuer,
    category,
    annualFee,
    referralBonusAmount,
    referralBonusUnit,
    description,
    officialWebsite: card.officialWebsite ?? null,
  };
}

/**
 * The referral bonus as the API carries it (docs/product.md#api): `{amount, unit}`, or a legacy
 * plain number (normalizeBonus reads it by the card's category).
 */
const ApiBonusSchema = z.union(
  [
    numberField(CARD_MESSAGES.bonusNegative),
    z.object({
      amount: numberField(CARD_MESSAGES.bonusNegative),
      unit: z.enum(BONUS_UNITS, { error: "Choose a bonus unit" }).optional(),
    }),
  ],
  { error: "The referral bonus is an amount or { amount, unit }" },
);

/** The welcome offer as the API carries it: `{amount, unit, minSpend, months}` (null or absent: none). */
const ApiOfferSchema = z.object({
  amount: numberField(CARD_MESSAGES.bonusNegative),
  unit: z.enum(BONUS_UNITS, { error: "Choose an offer unit" }).default("Points"),
  minSpend: numberField(CARD_MESSAGES.spendNegative, { int: true, max: 1_000_000 }),
  months: numberField(CARD_MESSAGES.monthsOutOfRange, { int: true, max: 36 }),
});

/**
 * A card in the API's JSON shape (docs/product.md#api) read into the form schema's fields: `referralBonus`
 * instead of the two bonus fields, and a missing `active` means true, the spec's default. (An HTML
 * form differs: an unchecked checkbox is simply absent, so there a missing `active` means off; the
 * admin form therefore parses with CardSchema itself.) Field errors keep the JSON names
 * (`referralBonus.amount`).
 */
function apiShaped<S extends typeof CardSchema | typeof NewCardSchema>(schema: S) {
  return schema
    .omit({
      referralBonusAmount: true,
      referralBonusUnit: true,
      active: true,
      offerAmount: true,
      offerUnit: true,
      offerMinSpend: true,
      offerMonths: true,
    })
    .extend({
      referralBonus: ApiBonusSchema.optional(),
      welcomeOffer: ApiOfferSchema.nullable().optional(),
      active: z.preprocess((value) => value ?? true, checkbox),
    })
    .transform(({ referralBonus, welcomeOffer, ...card }) => {
      const bonus =
        typeof referralBonus === "object"
          ? { amount: referralBonus.amount, unit: referralBonus.unit ?? "USD" }
          : normalizeBonus(referralBonus, card.category);
      return {
        ...card,
        referralBonusAmount: bonus.amount,
        referralBonusUnit: bonus.unit,
        offerAmount: welcomeOffer?.amount ?? 0,
        offerUnit: welcomeOffer?.unit ?? "Points",
        offerMinSpend: welcomeOffer?.minSpend ?? 0,
        offerMonths: welcomeOffer?.months ?? 0,
      };
    });
}

/** The admin create/update payload of /api/credit-cards (every card field, spec JSON shape). */
export const CardApiSchema = apiShaped(CardSchema);
/** The user-added card of POST /api/credit-cards/simple. */
export const NewCardApiSchema = apiShaped(NewCardSchema);

/** An issuer's exact name; empty means every issuer. */
export const IssuerFilter = z
  .string()
  .trim()
  .max(80, "That issuer name is too long")
  .optional()
  .transform((value) => value || null);

/** The admin list's orders (cards.server.ts listCards), each on an index with its own keyset. */
export const CARD_SORTS = ["issuer", "name", "newest"] as const;
export type CardSort = (typeof CARD_SORTS)[number];
