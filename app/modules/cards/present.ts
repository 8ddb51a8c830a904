/**
 * A card row as the spec's clients read it (section 3): `_id`, `referralBonus: {amount, unit}`,
 * ISO dates. The one place a card row becomes JSON.
 */
import type { CreditCard } from "../../../db/schema";

export type CardRow = Omit<CreditCard, "createdById">;

export function toApiCard(card: CardRow) {
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
export type ApiCard = ReturnType<typeof toApiCard>;
