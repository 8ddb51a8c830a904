/**
 * How a referral looks to a viewer, in JSON and HTML alike: the spec's field names (`_id`,
 * `creditCard`, `specialReferrerBonus`, ...), the referrer's names masked by their privacy switch,
 * and the link only when it is a safe https link. The zod schemas are the /api contract (the
 * OpenAPI document is generated from them); the presenter's return is typed by them.
 */
import { z } from "zod";
import { healthOf, safeLink } from "./present-health";
import { visibleNames } from "~/modules/users/privacy";
import { WelcomeOfferSchema } from "~/modules/cards/offer-schema";
import { presentOffer } from "~/modules/cards/value";
import { OutcomeFiguresSchema } from "~/modules/reputation/figures-schema";
import { presentShare, ShareFieldsSchema, type ShareColumns } from "~/modules/shares/present";
import {
  BONUS_UNITS,
  CARD_CATEGORIES,
  LINK_REVIEW_REASONS,
  type BonusUnit,
  type CardCategory,
  type LinkReviewReason,
} from "../../../db/enums";

const BonusSchema = z.object({ amount: z.number(), unit: z.enum(BONUS_UNITS) });

/** A referral as `presentReferral` shows it, on pages and in /api answers. */
export const ReferralSchema = z.object({
  _id: z.string(),
  /** The short public code (GET /api/referrals/card-refer/code/{code}). */
  code: z.string().nullable(),
  referrer: z.object({
    _id: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    /** The mean of the referrer's verified reviews (docs/decisions/175), null before the first. */
    rating: z.number().nullable(),
    /** How many verified reviews `rating` is the mean of. */
    verifiedReviewCount: z.number().int(),
    /** Every review, first impressions included. */
    reviewCount: z.number().int(),
    // The referrer's confirmed outcomes (docs/decisions/170).
    ...OutcomeFiguresSchema.shape,
  }),
  creditCard: z.object({
    _id: z.string(),
    name: z.string(),
    /** The card's public page is /cards/{slug}. */
    slug: z.string(),
    issuer: z.string(),
    category: z.enum(CARD_CATEGORIES),
    annualFee: z.number(),
    welcomeOffer: WelcomeOfferSchema.nullable(),
    hasVariousReferrerBonus: z.boolean(),
    referralBonus: BonusSchema,
    referralBenefit: z.string(),
    benefitForReferrer: z.string(),
    applyBenefitWithReferral: z.string(),
    description: z.string(),
    officialWebsite: z.string().nullable(),
    imageUrl: z.string().nullable(),
    maxReferCount: z.number().int(),
    isUserAdded: z.boolean(),
    active: z.boolean(),
  }),
  /** Null when the stored link is not a safe https link. */
  referralLink: z.string().nullable(),
  referrerCredit: z.number().int().nullable(),
  sharingBenefitPortion: z.number(),
  // The share as money, beside the spec's percentage (docs/decisions/185).
  ...ShareFieldsSchema.shape,
  additionalInfo: z.string(),
  specialApplicantBonus: z.object({ isHigher: z.literal(true), bonus: z.string() }).nullable(),
  specialReferrerBonus: BonusSchema.nullable(),
  /** Null means unlimited. */
  availableReferCount: z.number().int().nullable(),
  isActive: z.boolean(),
  /** Deactivated by an admin (told to the owner only): the owner cannot reopen it. */
  moderated: z.boolean(),
  /** When the referrer last said the link works (docs/product.md#link-health). */
  linkConfirmedAt: z.string().nullable(),
  /** Not confirmed for STALE_AFTER_DAYS: shown as stale, and it sinks in the rotation. */
  linkStale: z.boolean(),
  /** Paused after reports until the referrer confirms the link (told to the owner only). */
  held: z.boolean(),
  /**
   * Waiting for an admin (told to the owner only; null otherwise, docs/decisions/155): why, and
   * whether it is off the market meanwhile ('new-card': a card the member added, not yet reviewed).
   */
  review: z.object({ reason: z.enum(["new-card", ...LINK_REVIEW_REASONS]), held: z.boolean() }).nullable(),
  /** What the scheduled link check last saw (told to the owner only; null before the first check). */
  linkCheck: z.object({ status: z.number().int(), host: z.string().nullable(), checkedAt: z.string() }).nullable(),
  applicationsCount: z.number().int(),
  successfulCount: z.number().int(),
  createdAt: z.string(),
  isOwner: z.boolean(),
});
export type PresentedReferral = z.infer<typeof ReferralSchema>;

/** An applicant named in a referral's people lists. */
export const ReferralApplicantSchema = z.object({ _id: z.string(), username: z.string(), name: z.string() });

/**
 * The people of a referral (docs/product.md#referrals): who applied through it and who succeeded (ids, and
 * the successful ones as small objects), and how many referrals its referrer has published.
 */
export const ReferralPeopleSchema = z.object({
  peopleApplied: z.array(z.string()),
  peopleSuccessful: z.array(z.string()),
  successfulApplicants: z.array(ReferralApplicantSchema),
  /** Null when the referrer hides their referrals from the viewer. */
  referrerReferralsCount: z.number().int().nullable(),
});
export type ReferralPeople = z.infer<typeof ReferralPeopleSchema>;

/** A referral in /api answers: as presented, with its people. */
export const ApiReferralSchema = ReferralSchema.extend(ReferralPeopleSchema.shape);
export type ApiReferral = z.infer<typeof ApiReferralSchema>;

export interface ReferralRecord extends ShareColumns {
  id: string;
  code: string | null;
  referralLink: string;
  referrerCredit: number | null;
  additionalInfo: string;
  specialApplicantBonusIsHigher: boolean;
  specialApplicantBonus: string | null;
  specialReferrerBonusAmount: number | null;
  specialReferrerBonusUnit: BonusUnit | null;
  availableReferCount: number | null;
  isActive: boolean;
  moderatedAt: Date | null;
  linkConfirmedAt: Date | null;
  heldAt: Date | null;
  linkReview: LinkReviewReason | null;
  reviewHeldAt: Date | null;
  linkCheckStatus: number | null;
  linkCheckHost: string | null;
  linkCheckedAt: Date | null;
  applicationsCount: number;
  successfulCount: number;
  createdAt: Date;
  cardId: string;
  cardName: string;
  cardSlug: string;
  cardIssuer: string;
  cardCategory: CardCategory;
  cardAnnualFee: number;
  cardHasVariousReferrerBonus: boolean;
  cardBonusAmount: number;
  cardBonusUnit: BonusUnit;
  cardBenefitForReferrer: string;
  cardApplyBenefit: string;
  cardOfferAmount: number;
  cardOfferUnit: BonusUnit;
  cardOfferMinSpend: number;
  cardOfferMonths: number;
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
  referrerVerifiedReviewCount: number;
  referrerConfirmedSuccesses: number;
  referrerSharesPromised: number;
  referrerSharesPaid: number;
  referrerMedianDaysToPay: number | null;
  referrerOpenDisputes: number;
  referrerDisputesUpheld: number;
  referrerLateShares: number;
}

export function presentReferral(row: ReferralRecord, viewerId: string | null): PresentedReferral {
  const isOwner = viewerId === row.referrerId;
  return {
    _id: row.id,
    code: row.code,
    referrer: {
      _id: row.referrerId,
      username: row.referrerUsername,
      ...namesOf(row, isOwner),
      ...reputationOf(row),
    },
    creditCard: {
      _id: row.cardId,
      name: row.cardName,
      slug: row.cardSlug,
      issuer: row.cardIssuer,
      category: row.cardCategory,
      annualFee: row.cardAnnualFee,
      welcomeOffer: welcomeOfferOf(row),
      hasVariousReferrerBonus: row.cardHasVariousReferrerBonus,
      referralBonus: { amount: row.cardBonusAmount, unit: row.cardBonusUnit },
      referralBenefit: row.cardApplyBenefit,
      benefitForReferrer: row.cardBenefitForReferrer,
      applyBenefitWithReferral: row.cardApplyBenefit,
      description: row.cardDescription,
      officialWebsite: safeLink(row.cardWebsite),
      imageUrl: safeLink(row.cardImageUrl),
      maxReferCount: row.cardMaxReferCount,
      isUserAdded: row.cardIsUserAdded,
      active: row.cardActive,
    },
    referralLink: safeLink(row.referralLink),
    referrerCredit: row.referrerCredit,
    sharingBenefitPortion: row.sharingBenefitPortion,
    ...presentShare(row),
    additionalInfo: row.additionalInfo,
    specialApplicantBonus: applicantBonusOf(row),
    specialReferrerBonus: referrerBonusOf(row),
    availableReferCount: row.availableReferCount,
    isActive: row.isActive,
    ...healthOf(row, isOwner),
    applicationsCount: row.applicationsCount,
    successfulCount: row.successfulCount,
    createdAt: row.createdAt.toISOString(),
    isOwner,
  };
}

/** The columns presentShare reads (the share's terms, docs/decisions/185). */
export const SHARE_RECORD_KEYS = [
  "sharingBenefitPortion",
  "shareAmountCents",
  "shareMethod",
  "shareMethodNote",
  "shareDeadlineDays",
  "shareTermsSetAt",
] as const satisfies readonly (keyof ShareColumns)[];

/** The columns a tile of the /apply grid reads (record-sql.server.ts selects only these). */
export const TILE_RECORD_KEYS = [
  "id",
  "referrerCredit",
  ...SHARE_RECORD_KEYS,
  "specialApplicantBonusIsHigher",
  "specialApplicantBonus",
  "specialReferrerBonusAmount",
  "specialReferrerBonusUnit",
  "availableReferCount",
  "cardName",
  "cardSlug",
  "cardIssuer",
  "cardCategory",
  "cardAnnualFee",
  "cardBonusAmount",
  "cardBonusUnit",
  "cardOfferAmount",
  "cardOfferUnit",
  "cardOfferMinSpend",
  "cardOfferMonths",
  "cardImageUrl",
  "cardActive",
  "referrerId",
  "referrerUsername",
  "referrerFirstName",
  "referrerLastName",
  "referrerShowFullName",
  "referrerRating",
  "referrerReviewCount",
  "referrerVerifiedReviewCount",
  "referrerConfirmedSuccesses",
  "referrerSharesPromised",
  "referrerSharesPaid",
  "referrerMedianDaysToPay",
  "referrerOpenDisputes",
  "referrerDisputesUpheld",
  "referrerLateShares",
] as const satisfies readonly (keyof ReferralRecord)[];
export type TileRecord = Pick<ReferralRecord, (typeof TILE_RECORD_KEYS)[number]>;

/**
 * What a tile of the /apply grid shows of a referral, as `presentReferral` would show it. /apply
 * reads and sends only this, not the whole referral (card description, benefit texts, links):
 * a third of the page's HTML, and half the columns the search returns (issue 20).
 */
export function presentTile(row: TileRecord, viewerId: string | null) {
  const isOwner = viewerId === row.referrerId;
  return {
    _id: row.id,
    isOwner,
    referrerCredit: row.referrerCredit,
    availableReferCount: row.availableReferCount,
    sharingBenefitPortion: row.sharingBenefitPortion,
    ...presentShare(row),
    specialApplicantBonus: applicantBonusOf(row),
    specialReferrerBonus: referrerBonusOf(row),
    creditCard: {
      name: row.cardName,
      slug: row.cardSlug,
      issuer: row.cardIssuer,
      category: row.cardCategory,
      annualFee: row.cardAnnualFee,
      imageUrl: safeLink(row.cardImageUrl),
      active: row.cardActive,
      welcomeOffer: welcomeOfferOf(row),
      referralBonus: { amount: row.cardBonusAmount, unit: row.cardBonusUnit },
    },
    referrer: { _id: row.referrerId, name: namesOf(row, isOwner).name, ...reputationOf(row) },
  } satisfies Omit<Partial<PresentedReferral>, "creditCard" | "referrer"> & {
    creditCard: Partial<PresentedReferral["creditCard"]>;
    referrer: Partial<PresentedReferral["referrer"]>;
  };
}
export type ReferralTile = ReturnType<typeof presentTile>;

/** The referrer's names, masked by their privacy switch (their own referrals show them whole). */
function namesOf(row: TileRecord, isOwner: boolean) {
  return visibleNames(
    {
      firstName: row.referrerFirstName,
      lastName: row.referrerLastName,
      username: row.referrerUsername,
      showFullName: row.referrerShowFullName,
    },
    isOwner,
  );
}

/** The referrer's reputation and confirmed outcomes (docs/decisions/170). */
function reputationOf(row: TileRecord) {
  return {
    rating: row.referrerRating,
    reviewCount: row.referrerReviewCount,
    verifiedReviewCount: row.referrerVerifiedReviewCount,
    confirmedSuccesses: row.referrerConfirmedSuccesses,
    sharesPromised: row.referrerSharesPromised,
    sharesPaid: row.referrerSharesPaid,
    medianDaysToPay: row.referrerMedianDaysToPay,
    openDisputes: row.referrerOpenDisputes,
    disputesUpheld: row.referrerDisputesUpheld,
    lateShares: row.referrerLateShares,
  };
}

function welcomeOfferOf(row: TileRecord) {
  return presentOffer({
    amount: row.cardOfferAmount,
    unit: row.cardOfferUnit,
    minSpend: row.cardOfferMinSpend,
    months: row.cardOfferMonths,
  });
}

function applicantBonusOf(row: TileRecord): PresentedReferral["specialApplicantBonus"] {
  return row.specialApplicantBonusIsHigher ? { isHigher: true as const, bonus: row.specialApplicantBonus ?? "" } : null;
}

function referrerBonusOf(row: TileRecord): PresentedReferral["specialReferrerBonus"] {
  return row.specialReferrerBonusAmount != null && row.specialReferrerBonusAmount > 0
    ? { amount: row.specialReferrerBonusAmount, unit: row.specialReferrerBonusUnit ?? "USD" }
    : null;
}
