/**
 * How a referral looks to a viewer, in JSON and HTML alike: the spec's field names (`_id`,
 * `creditCard`, `specialReferrerBonus`, ...), the referrer's names masked by their privacy switch,
 * and the link only when it is a safe https link.
 */
import { isSafeReferralLink } from "./link";
import { visibleNames } from "~/modules/users/privacy";
import type { BonusUnit, CardCategory } from "../../../db/schema";

export interface ReferralRecord {
  id: string;
  code: string | null;
  referralLink: string;
  referrerCredit: number | null;
  sharingBenefitPortion: number;
  additionalInfo: string;
  specialApplicantBonusIsHigher: boolean;
  specialApplicantBonus: string | null;
  specialReferrerBonusAmount: number | null;
  specialReferrerBonusUnit: BonusUnit | null;
  availableReferCount: number | null;
  isActive: boolean;
  moderatedAt: Date | null;
  applicationsCount: number;
  successfulCount: number;
  createdAt: Date;
  cardId: string;
  cardName: string;
  cardIssuer: string;
  cardCategory: CardCategory;
  cardAnnualFee: number;
  cardHasVariousReferrerBonus: boolean;
  cardBonusAmount: number;
  cardBonusUnit: BonusUnit;
  cardBenefitForReferrer: string;
  cardApplyBenefit: string;
  cardDescription: string;
  cardWebsite: string | null;
  cardImageUrl: string | null;
  cardMaxReferCount: number;
  cardIsUserAdded: boolean;
  cardActive: boolean;
  referrerId: string;
  referrerUsername: string;
  referrerFirstName: string;
  referrerLastName: string;
  referrerShowFullName: boolean;
  referrerRating: number | null;
  referrerReviewCount: number;
}

export function presentReferral(row: ReferralRecord, viewerId: string | null) {
  const isOwner = viewerId === row.referrerId;
  const names = visibleNames(
    {
      firstName: row.referrerFirstName,
      lastName: row.referrerLastName,
      username: row.referrerUsername,
      showFullName: row.referrerShowFullName,
    },
    isOwner,
  );
  return {
    _id: row.id,
    code: row.code,
    referrer: {
      _id: row.referrerId,
      username: row.referrerUsername,
      ...names,
      rating: row.referrerRating,
      reviewCount: row.referrerReviewCount,
    },
    creditCard: {
      _id: row.cardId,
      name: row.cardName,
      issuer: row.cardIssuer,
      category: row.cardCategory,
      annualFee: row.cardAnnualFee,
      hasVariousReferrerBonus: row.cardHasVariousReferrerBonus,
      referralBonus: { amount: row.cardBonusAmount, unit: row.cardBonusUnit },
      referralBenefit: row.cardApplyBenefit,
      benefitForReferrer: row.cardBenefitForReferrer,
      applyBenefitWithReferral: row.cardApplyBenefit,
      description: row.cardDescription,
      officialWebsite: row.cardWebsite && isSafeReferralLink(row.cardWebsite) ? row.cardWebsite : null,
      imageUrl: row.cardImageUrl && isSafeReferralLink(row.cardImageUrl) ? row.cardImageUrl : null,
      maxReferCount: row.cardMaxReferCount,
      isUserAdded: row.cardIsUserAdded,
      active: row.cardActive,
    },
    referralLink: isSafeReferralLink(row.referralLink) ? row.referralLink : null,
    referrerCredit: row.referrerCredit,
    sharingBenefitPortion: row.sharingBenefitPortion,
    additionalInfo: row.additionalInfo,
    specialApplicantBonus: row.specialApplicantBonusIsHigher
      ? { isHigher: true, bonus: row.specialApplicantBonus ?? "" }
      : null,
    specialReferrerBonus:
      row.specialReferrerBonusAmount != null && row.specialReferrerBonusAmount > 0
        ? { amount: row.specialReferrerBonusAmount, unit: row.specialReferrerBonusUnit ?? "USD" }
        : null,
    availableReferCount: row.availableReferCount,
    isActive: row.isActive,
    /** Deactivated by an admin (told to the owner only): the owner cannot reopen it. */
    moderated: isOwner && row.moderatedAt !== null,
    applicationsCount: row.applicationsCount,
    successfulCount: row.successfulCount,
    createdAt: row.createdAt.toISOString(),
    isOwner,
  };
}

export type PresentedReferral = ReturnType<typeof presentReferral>;

/** The bonus a referral offers: the referrer's special bonus when given, else the card's. */
export function offeredBonus(referral: Pick<PresentedReferral, "specialReferrerBonus" | "creditCard">) {
  return referral.specialReferrerBonus ?? referral.creditCard.referralBonus;
}
