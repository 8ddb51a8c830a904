/**
 * The referrer's own tools (docs/product.md#referrer-tools): editing a referral with the rules and
 * messages of creating one (the same schema, parsed by the route), and reading one for its owner's
 * management page. The card of a referral never changes: a new card is a new referral.
 */
import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { normalizeReferralLink } from "~/core/referral-link";
import type { LinkReviewReason } from "../../../db/enums";
import { reviewOfNewLink } from "~/modules/links/domains.server";
import { HOLD_NOTICES, noticeToReferrer, notifyReferrer } from "~/modules/links/notices.server";
import { draftColumns, getReferral } from "./referrals.server";
import { REFERRAL_MESSAGES, type ReferralInput } from "./schemas";

export const OWNER_MESSAGES = {
  updated: "Referral updated",
  cardFixed: "A referral's card cannot be changed. Mark it as inactive and create a new one for the other card.",
} as const;

/**
 * What a new link sets (docs/decisions/155): a host its issuer does not list holds the referral for
 * an admin's review, whatever it was before (its old link may have been listed); a listed one
 * clears any review, and the CASE on is_active puts a referral held for its old link back live.
 */
function reviewColumns(review: LinkReviewReason | null) {
  const now = new Date();
  return review
    ? { linkReview: review, reviewHeldAt: now, linkVettedAt: now }
    : { linkReview: null, reviewHeldAt: null, linkVettedAt: now };
}

/** The referral's owner columns: 404 when unknown, 403 for anyone but its referrer. */
async function requireOwned(ctx: Ctx, referralId: string) {
  const actor = requireActor(ctx);
  const row = await ctx.db
    .select({
      referrerId: referrals.referrerId,
      creditCardId: referrals.creditCardId,
      normalizedLink: referrals.normalizedLink,
      duplicateOfId: referrals.duplicateOfId,
      moderatedAt: referrals.moderatedAt,
    })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
  if (!row) throw new DomainError(404, REFERRAL_MESSAGES.notFound);
  if (row.referrerId !== actor.id) throw new DomainError(403, REFERRAL_MESSAGES.notOwner);
  return row;
}

/** The referral as its owner sees it (the management page): 404 unknown, 403 someone else's. */
export async function getOwnReferral(ctx: Ctx, input: { referralId: string }) {
  await requireOwned(ctx, input.referralId);
  return getReferral(ctx, { id: input.referralId });
}

/**
 * Saves the owner's edit of a referral: its link, credit score, share, bonuses, count and info,
 * checked by the creation schema (the route parsed `draft` with referralSchemaFor). A referral an
 * admin took down cannot be edited (403); a new link published by another account is flagged for
 * admins as at creation, and one an admin took down from this member is refused (403). The
 * referral's public pages are purged from the edge cache.
 */
export async function updateReferral(ctx: Ctx, input: { referralId: string; draft: ReferralInput }) {
  const { db } = ctx;
  const { referralId, draft } = input;
  const row = await requireOwned(ctx, referralId);
  if (row.moderatedAt) throw new DomainError(403, REFERRAL_MESSAGES.moderated);
  if (draft.creditCardId !== row.creditCardId) {
    throw new DomainError(400, OWNER_MESSAGES.cardFixed, { creditCardId: OWNER_MESSAGES.cardFixed });
  }
  const normalizedLink = normalizeReferralLink(draft.referralLink);
  const linkChanged = normalizedLink !== row.normalizedLink;
  let duplicateOfId = row.duplicateOfId;
  let review: LinkReviewReason | null = null;
  if (linkChanged) {
    const [takenDown, twin, verdict] = await Promise.all([
      db
        .select({ id: referrals.id })
        .from(referrals)
        .where(
          and(
            eq(referrals.referrerId, row.referrerId),
            eq(referrals.normalizedLink, normalizedLink),
            isNotNull(referrals.moderatedAt),
          ),
        )
        .get(),
      db
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(eq(referrals.normalizedLink, normalizedLink), ne(referrals.referrerId, row.referrerId)))
        .orderBy(referrals.createdAt)
        .get(),
      reviewOfNewLink(db, { link: draft.referralLink, cardId: row.creditCardId }),
    ]);
    if (takenDown) throw new DomainError(403, REFERRAL_MESSAGES.moderatedRepublish);
    duplicateOfId = twin?.id ?? null;
    review = verdict;
  }
  const update = db
    .update(referrals)
    .set({
      ...draftColumns(draft, normalizedLink),
      duplicateOfId,
      // An edit says the link works (docs/product.md#link-health): it lifts a pause by reports,
      // unless another active referral of the owner's for this card has taken its place.
      linkConfirmedAt: new Date(),
      heldAt: null,
      ...(linkChanged ? reviewColumns(review) : {}),
      isActive:
        linkChanged && review
          ? false
          : sql`CASE WHEN (${referrals.heldAt} IS NOT NULL OR ${referrals.reviewHeldAt} IS NOT NULL) AND NOT EXISTS (
        SELECT 1 FROM ${referrals} AS other WHERE other.referrer_id = ${referrals.referrerId}
          AND other.credit_card_id = ${referrals.creditCardId} AND other.is_active = 1 AND other.id <> ${referrals.id})
        THEN 1 ELSE ${referrals.isActive} END`,
      updatedAt: new Date(),
    })
    .where(and(eq(referrals.id, referralId), eq(referrals.referrerId, row.referrerId)));
  // Twins of the new link not yet flagged point at this one, as at creation.
  const flagTwins = db
    .update(referrals)
    .set({ duplicateOfId: referralId })
    .where(
      and(
        eq(referrals.normalizedLink, normalizedLink),
        ne(referrals.referrerId, row.referrerId),
        isNull(referrals.duplicateOfId),
      ),
    );
  if (linkChanged) await db.batch([update, flagTwins]);
  else await update;
  const referral = await getReferral(ctx, { id: referralId });
  purgeReferralPages(ctx, { referralIds: [referralId] });
  if (linkChanged && review) {
    ctx.waitUntil(noticeToReferrer(ctx, row.referrerId, { referralId, text: HOLD_NOTICES.review }));
    ctx.waitUntil(
      notifyReferrer(ctx, row.referrerId, {
        kind: "links",
        key: `review-held:${referralId}:${Date.now()}`,
        subject: "Your Cardshare referral waits for review",
        text: HOLD_NOTICES.review,
      }),
    );
  }
  return { message: OWNER_MESSAGES.updated, data: referral };
}
