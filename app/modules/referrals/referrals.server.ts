/**
 * Referrals: creating one (with an 'Other (Not Listed)' card, atomically), reading one by id or
 * public code, a member's own list, and marking inactive / reopening. HTML routes and /api routes
 * are thin adapters over these functions.
 */
import { and, eq, isNotNull, isNull, ne, or, type SQL } from "drizzle-orm";
import { createId } from "../../../db/id";
import { creditCards, referrals, users } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { findVisibleCard } from "~/modules/cards/catalog.server";
import { newCardSlug } from "~/modules/cards/slug.server";
import { memberCardFields } from "~/modules/cards/schemas";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { DomainError } from "~/core/errors";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { requireActor, type Ctx } from "~/core/context.server";
import { normalizeReferralLink } from "~/core/referral-link";
import { reviewOfDraft } from "~/modules/links/domains.server";
import { HOLD_NOTICES, noticeToReferrer, notifyReferrer } from "~/modules/links/notices.server";
import { presentReferral } from "./present";
import {
  OTHER_CARD,
  REFERRAL_MESSAGES,
  referralSchema,
  rulesOfCard,
  type CardRules,
  type CardRulesSource,
  type ReferralDoor,
  type ReferralInput,
} from "./schemas";

/** The columns of a referral with its card and referrer, as presentReferral takes them. */
export const referralRecordColumns = {
  id: referrals.id,
  code: referrals.code,
  referralLink: referrals.referralLink,
  referrerCredit: referrals.referrerCredit,
  sharingBenefitPortion: referrals.sharingBenefitPortion,
  shareAmountCents: referrals.shareAmountCents,
  shareMethod: referrals.shareMethod,
  shareMethodNote: referrals.shareMethodNote,
  shareDeadlineDays: referrals.shareDeadlineDays,
  shareTermsSetAt: referrals.shareTermsSetAt,
  additionalInfo: referrals.additionalInfo,
  specialApplicantBonusIsHigher: referrals.specialApplicantBonusIsHigher,
  specialApplicantBonus: referrals.specialApplicantBonus,
  specialReferrerBonusAmount: referrals.specialReferrerBonusAmount,
  specialReferrerBonusUnit: referrals.specialReferrerBonusUnit,
  availableReferCount: referrals.availableReferCount,
  isActive: referrals.isActive,
  moderatedAt: referrals.moderatedAt,
  linkConfirmedAt: referrals.linkConfirmedAt,
  heldAt: referrals.heldAt,
  linkReview: referrals.linkReview,
  reviewHeldAt: referrals.reviewHeldAt,
  linkCheckStatus: referrals.linkCheckStatus,
  linkCheckHost: referrals.linkCheckHost,
  linkCheckedAt: referrals.linkCheckedAt,
  applicationsCount: referrals.applicationsCount,
  successfulCount: referrals.successfulCount,
  createdAt: referrals.createdAt,
  cardId: creditCards.id,
  cardName: creditCards.name,
  cardSlug: creditCards.slug,
  cardIssuer: creditCards.issuer,
  cardCategory: creditCards.category,
  cardAnnualFee: creditCards.annualFee,
  cardHasVariousReferrerBonus: creditCards.hasVariousReferrerBonus,
  cardBonusAmount: creditCards.referralBonusAmount,
  cardBonusUnit: creditCards.referralBonusUnit,
  cardBenefitForReferrer: creditCards.benefitForReferrer,
  cardApplyBenefit: creditCards.applyBenefitWithReferral,
  cardOfferAmount: creditCards.offerAmount,
  cardOfferUnit: creditCards.offerUnit,
  cardOfferMinSpend: creditCards.offerMinSpend,
  cardOfferMonths: creditCards.offerMonths,
  cardDescription: creditCards.description,
  cardWebsite: creditCards.officialWebsite,
  cardImageUrl: creditCards.imageUrl,
  cardMaxReferCount: creditCards.maxReferCount,
  cardIsUserAdded: creditCards.isUserAdded,
  cardActive: creditCards.active,
  referrerId: users.id,
  referrerUsername: users.username,
  referrerFirstName: users.firstName,
  referrerLastName: users.lastName,
  referrerShowFullName: users.showFullName,
  referrerRating: users.rating,
  referrerReviewCount: users.reviewCount,
  referrerVerifiedReviewCount: users.verifiedReviewCount,
  referrerConfirmedSuccesses: users.confirmedSuccesses,
  referrerSharesPromised: users.sharesPromised,
  referrerSharesPaid: users.sharesPaid,
  referrerMedianDaysToPay: users.medianDaysToPay,
  referrerOpenDisputes: users.openDisputes,
  referrerDisputesUpheld: users.disputesUpheld,
  referrerLateShares: users.lateShares,
  referrerDeactivatedAt: users.deactivatedAt,
};

/** Referrals joined with their card and referrer (primary-key lookups per referral row). */
export function selectReferralRecords<Extra extends Record<string, SQL>>(
  db: Db,
  where: SQL | undefined,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...referralRecordColumns, ...extra })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(where);
}

/** What the reads need: the database and who is looking (a visitor when null). */
export type ReadCtx = Pick<Ctx, "db" | "actor" | "purgePages">;

/**
 * One referral as the viewer (`ctx.actor`) sees it, by id or public code. Deactivated referrers'
 * referrals and inactive cards are hidden from everyone but the owner.
 */
export async function getReferral(ctx: ReadCtx, key: { id: string } | { code: string }) {
  const viewerId = ctx.actor?.id ?? null;
  const match = "id" in key ? eq(referrals.id, key.id) : eq(referrals.code, key.code.toLowerCase());
  // One round trip: the referrer's deactivation comes with the row.
  const row = await selectReferralRecords(ctx.db, match).get();
  // A referral held for an admin's review is its owner's alone until approved (docs/decisions/155).
  const hidden =
    row &&
    row.referrerId !== viewerId &&
    (!row.cardActive || row.referrerDeactivatedAt != null || row.reviewHeldAt != null);
  if (!row || hidden) throw new DomainError(404, REFERRAL_MESSAGES.notFound);
  return presentReferral(row, viewerId);
}

/**
 * Where the referral schema reads a listed card's rules on the server: the card as the acting
 * member may use it (null when unknown, inactive or another member's own card), each card read
 * once per request however often the schema asks.
 */
export function cardRulesFor(ctx: Ctx): CardRulesSource {
  const read = new Map<string, Promise<CardRules | null>>();
  return (cardId) => {
    let rules = read.get(cardId);
    if (!rules) {
      rules = findVisibleCard(ctx.db, cardId, ctx.actor?.id ?? null).then((card) => (card ? rulesOfCard(card) : null));
      read.set(cardId, rules);
    }
    return rules;
  };
}

/**
 * The referral schema every door parses with (the /refer form, POST .../generate and .../process):
 * the card's rules read for the acting member inside it (docs/product.md#referrals).
 */
export const referralSchemaFor = (ctx: Ctx, door: ReferralDoor = "api") => referralSchema(cardRulesFor(ctx), door);

/** The schema of the forms (/refer, the edit page): the share's method and the score's choice are asked. */
export const referralFormSchemaFor = (ctx: Ctx) => referralSchemaFor(ctx, "form");

/**
 * What a referral would add on saving, without saving it: its card (null for a new one), the normalised link and whether another account
 * already publishes it (POST .../process, and the preview step of /refer). The draft's card rules
 * were checked by the schema it was parsed with (its type says so); this checks the member's own
 * history: a takedown by an admin (403) and a second active referral for the card (409).
 */
export async function previewReferral(ctx: Ctx, draft: ReferralInput) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const cardId = draft.creditCardId === OTHER_CARD ? null : draft.creditCardId;
  const normalizedLink = normalizeReferralLink(draft.referralLink);
  // The referrer's own referrals for this card or link that are live or were taken down by an admin.
  const own = await db
    .select({
      creditCardId: referrals.creditCardId,
      isActive: referrals.isActive,
      moderatedAt: referrals.moderatedAt,
      reviewHeldAt: referrals.reviewHeldAt,
    })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, actor.id),
        or(cardId ? eq(referrals.creditCardId, cardId) : undefined, eq(referrals.normalizedLink, normalizedLink)),
        or(eq(referrals.isActive, true), isNotNull(referrals.moderatedAt), isNotNull(referrals.reviewHeldAt)),
      ),
    )
    .all();
  if (own.some((row) => row.moderatedAt !== null)) throw new DomainError(403, REFERRAL_MESSAGES.moderatedRepublish);
  // One held for review counts as active: it goes live when approved (docs/decisions/155).
  if (cardId && own.some((row) => (row.isActive || row.reviewHeldAt) && row.creditCardId === cardId)) {
    throw new DomainError(409, REFERRAL_MESSAGES.duplicateActive);
  }
  const twin = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.normalizedLink, normalizedLink), ne(referrals.referrerId, actor.id)))
    .orderBy(referrals.createdAt)
    .get();
  return { cardId, normalizedLink, duplicateOfId: twin?.id ?? null };
}

/**
 * Creates a referral for the acting member. With 'Other (Not Listed)' the new card (flagged
 * isUserAdded, visible to its creator until an admin lists it) and the referral are written in one
 * batch: if the referral fails, no card remains. A second active referral for the same card is
 * refused (409); the same normalised link under another account is allowed but flagged for admins
 * (duplicateOfId), on both sides: the new referral points at its earliest twin, and twins not yet
 * flagged point at the new one, in the same batch.
 */
/** The columns a referral's form sets, the same on creation and edit (edit.server.ts). */
export function draftColumns(draft: ReferralInput, normalizedLink: string) {
  return {
    referralLink: draft.referralLink,
    normalizedLink,
    referrerCredit: draft.referrerCredit,
    sharingBenefitPortion: draft.sharingBenefitPortion,
    shareAmountCents: draft.shareAmountCents,
    shareMethod: draft.shareMethod,
    shareMethodNote: draft.shareMethodNote || null,
    shareDeadlineDays: draft.shareDeadlineDays,
    shareTermsSetAt: draft.shareTermsSet ? new Date() : null,
    additionalInfo: draft.additionalInfo,
    specialApplicantBonusIsHigher: draft.specialApplicantBonus?.isHigher ?? false,
    specialApplicantBonus: draft.specialApplicantBonus?.bonus ?? null,
    specialReferrerBonusAmount: draft.specialReferrerBonus?.amount ?? null,
    specialReferrerBonusUnit: draft.specialReferrerBonus?.unit ?? null,
    availableReferCount: draft.availableReferCount,
  };
}

export async function createReferral(ctx: Ctx, draft: ReferralInput) {
  const { db } = ctx;
  const referrerId = requireActor(ctx).id;
  const [{ cardId: listedCardId, normalizedLink, duplicateOfId }, review] = await Promise.all([
    previewReferral(ctx, draft),
    reviewOfDraft(db, draft),
  ]);
  const now = new Date();
  const cardId = listedCardId ?? createId();
  const referralId = createId();
  // A link on a host its issuer does not list waits for an admin, off the market (docs/decisions/155).
  const held = review !== null;

  const insertReferral = db.insert(referrals).values({
    id: referralId,
    referrerId,
    creditCardId: cardId,
    ...draftColumns(draft, normalizedLink),
    duplicateOfId,
    isActive: !held,
    linkReview: review,
    reviewHeldAt: held ? now : null,
    linkVettedAt: now,
    linkConfirmedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const flagTwins = db
    .update(referrals)
    .set({ duplicateOfId: referralId })
    .where(
      and(
        eq(referrals.normalizedLink, normalizedLink),
        ne(referrals.referrerId, referrerId),
        isNull(referrals.duplicateOfId),
      ),
    );
  try {
    if (draft.newCard) {
      const { name } = draft.newCard;
      const insertCard = db.insert(creditCards).values({
        ...memberCardFields(draft.newCard),
        id: cardId,
        slug: newCardSlug(name, cardId),
        // A member's card waits for an admin to approve or merge it; until then only they see it.
        active: false,
        isUserAdded: true,
        createdById: referrerId,
        createdAt: now,
        updatedAt: now,
      });
      await db.batch([insertCard, insertReferral, flagTwins]);
    } else {
      await db.batch([insertReferral, flagTwins]);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(409, REFERRAL_MESSAGES.duplicateActive);
    throw error;
  }
  purgeReferralPages(ctx, { referralIds: [referralId] });
  if (held || draft.newCard) {
    ctx.waitUntil(noticeToReferrer(ctx, referrerId, { referralId, text: HOLD_NOTICES.review }));
    ctx.waitUntil(
      notifyReferrer(ctx, referrerId, {
        kind: "links",
        key: `review-held:${referralId}:${Date.now()}`,
        subject: "Your Cardshare referral waits for review",
        text: HOLD_NOTICES.review,
      }),
    );
  }
  return getReferral(ctx, { id: referralId });
}
