/**
 * A card row as API clients read it (docs/product.md#api): `_id`, `referralBonus: {amount, unit}`,
 * ISO dates. The one place a card row becomes JSON; the schema is the /api contract.
 */
import { z } from "zod";
import { BONUS_UNITS, CARD_CATEGORIES } from "../../../db/enums";
import type { CreditCard } from "../../../db/schema";
import { WelcomeOfferSchema } from "./offer-schema";
import { presentOffer } from "./value";

export type CardRow = Omit<CreditCard, "createdById">;

export const ApiCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  issuer: z.string(),
  category: z.enum(CARD_CATEGORIES),
  annualFee: z.number(),
  hasVariousReferrerBonus: z.boolean(),
  referralBonus: z.object({ amount: z.number(), unit: z.enum(BONUS_UNITS) }),
  benefitForReferrer: z.string(),
  applyBenefitWithReferral: z.string(),
  /** The structured welcome offer (null: none), with its estimated dollar value (docs/decisions/130). */
  welcomeOffer: WelcomeOfferSchema.nullable(),
  description: z.string(),
  officialWebsite: z.string().nullable(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  maxReferCount: z.number(),
  isUserAdded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiCard = z.infer<typeof ApiCardSchema>;

export function toApiCard(card: CardRow): ApiCard {
  return {
    _id: card.id,
    name: card.name,
    issuer: card.issuer,
    category: card.category,
    annualFee: card.annualFee,
    hasVariousReferrerBonus: card.hasVariousReferrerBonus,
    referralBonus: { amount: card.referralBonusAmount, unit: card.referralBonusUnit },
    benefitForReferrer: card.benefitForReferrer,
    applyBenefitWithReferral: card.applyBenefitWithReferral,
    welcomeOffer: presentOffer({
      amount: card.offerAmount,
      unit: card.offerUnit,
      minSpend: card.offerMinSpend,
      months: card.offerMonths,
    }),
    description: card.description,
    officialWebsite: card.officialWebsite,
    imageUrl: card.imageUrl,
    active: card.active,
    maxReferCount: card.maxReferCount,
    isUserAdded: card.isUserAdded,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  };
}

/** A card just created: the spec's `_id` beside the card itself. */
export const CreatedCardSchema = z.object({ message: z.string(), _id: z.string(), data: ApiCardSchema });
