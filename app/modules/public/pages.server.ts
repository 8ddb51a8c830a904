/**
 * The public pages of the catalogue (docs/product.md#card-pages, #shared-referrals): one page per
 * listed card with its live referrals in the fair rotation, the catalogue by issuer, a shared
 * referral by its public code, and the sitemap. Visitors see no referral link: the link is what
 * signing in gets (presentReferral gives it; these readers drop it).
 */
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { creditCards, LISTED_SQL, referrals } from "../../../db/schema";
import { referralPageReviews, reviewSummaries } from "~/modules/comments/referral-page-reviews.server";
import { DomainError } from "~/core/errors";
import type { Ctx } from "~/core/context.server";
import { visibleTo } from "~/modules/cards/catalog.server";
import { presentOffer, welcomeOfferLine } from "~/modules/cards/value";
import type { PresentedReferral } from "~/modules/referrals/present";
import { presentReferral } from "~/modules/referrals/present";
import { selectReferralRecords } from "~/modules/referrals/referrals.server";
import { slotForVisitor } from "~/modules/referrals/rotation.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { SearchQuerySchema, searchReferrals } from "~/modules/referrals/search.server";

type ReadCtx = Pick<Ctx, "db" | "actor">;

export const CARD_NOT_FOUND = "Card not found";
/** How many referrals a card page shows at once (the search's largest page). */
export const CARD_PAGE_SIZE = 50;

const publicCardColumns = {
  id: creditCards.id,
  slug: creditCards.slug,
  name: creditCards.name,
  issuer: creditCards.issuer,
  category: creditCards.category,
  annualFee: creditCards.annualFee,
  referralBonusAmount: creditCards.referralBonusAmount,
  referralBonusUnit: creditCards.referralBonusUnit,
  applyBenefitWithReferral: creditCards.applyBenefitWithReferral,
  offerAmount: creditCards.offerAmount,
  offerUnit: creditCards.offerUnit,
  offerMinSpend: creditCards.offerMinSpend,
  offerMonths: creditCards.offerMonths,
  officialWebsite: creditCards.officialWebsite,
  description: creditCards.description,
  imageUrl: creditCards.imageUrl,
  liveReferrals: creditCards.liveReferrals,
  bestShareValue: creditCards.bestShareValue,
};

/** A referral as a visitor's page carries it: never its link. */
export const withoutLink = <T extends PresentedReferral>(referral: T): T => ({ ...referral, referralLink: null });

/** A listed card by its slug, as its page and share image show it (404 for unknown, inactive or unlisted). */
export async function getPublicCard(ctx: Pick<ReadCtx, "db">, slug: string) {
  const row = await ctx.db
    .select(publicCardColumns)
    .from(creditCards)
    .where(and(eq(creditCards.slug, slug), visibleTo(null)))
    .get();
  if (!row) throw new DomainError(404, CARD_NOT_FOUND);
  const { offerAmount, offerUnit, offerMinSpend, offerMonths, ...rest } = row;
  const offer = presentOffer({ amount: offerAmount, unit: offerUnit, minSpend: offerMinSpend, months: offerMonths });
  return { ...rest, offer, welcomeOffer: welcomeOfferLine(offer, row.applyBenefitWithReferral) };
}

/**
 * A listed card by its slug (404 for unknown, inactive or a member's own unlisted card) and a page
 * of its live referrals in the rotation: the /apply search with a card filter, one slot per visit.
 */
export async function getCardPage(ctx: ReadCtx, input: { slug: string; cursor?: string | null; slot?: number | null }) {
  const card = await getPublicCard(ctx, input.slug);
  const query = SearchQuerySchema.parse({
    card: card.id,
    limit: String(CARD_PAGE_SIZE),
    ...(input.cursor ? { cursor: input.cursor } : {}),
  });
  const slot = input.slot ?? slotForVisitor(Date.now());
  const page = await searchReferrals(ctx, { ...query, slot });
  return {
    card,
    referrals: page.data.map(withoutLink),
    nextCursor: page.nextCursor,
    slot,
  };
}

/** Every listed card's slug, for the sitemap. */
export async function listCardSlugs(ctx: Pick<Ctx, "db">) {
  const rows = await ctx.db
    .select({ slug: creditCards.slug })
    .from(creditCards)
    .where(visibleTo(null))
    .orderBy(asc(creditCards.issuer), asc(creditCards.name))
    .limit(5000);
  return rows.map((row) => row.slug);
}

/**
 * The public codes of the live referrals whose page a visitor can open (listed: open to applicants,
 * referrer active, card listed), for the sitemap: the listing's partial index, newest first.
 */
export async function listLiveReferralCodes(ctx: Pick<Ctx, "db">) {
  const rows = await ctx.db
    .select({ code: referrals.code })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(and(LISTED_SQL, isNotNull(referrals.code), visibleTo(null)))
    .orderBy(desc(referrals.createdAt))
    .limit(45_000);
  return rows.map((row) => row.code!).filter(Boolean);
}

/** How many reviews /r/{code} shows. */
export const LATEST_REVIEWS = 3;

/** A shared referral: live (open to applicants), or gone (inactive, taken down or full). */
export type SharedReferral =
  | {
      state: "live";
      referral: PresentedReferral;
      cardSlug: string | null;
      /** The referral page's reviews (referralPageReviews): its own, or the referrer's other referrals'. */
      reviews: { own: boolean; items: ReturnType<typeof reviewSummaries> };
    }
  | { state: "gone"; cardSlug: string | null; cardName: string };

/** The record behind a public code, or null: unknown, its referrer deactivated or its card unlisted. */
async function sharedRecord(ctx: Pick<ReadCtx, "db">, rawCode: string) {
  const code = rawCode.toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(code)) return null;
  const record = await selectReferralRecords(ctx.db, eq(referrals.code, code), {
    cardSlug: sql<string>`${creditCards.slug}`,
  }).get();
  return record && record.referrerDeactivatedAt == null && record.cardActive ? record : null;
}

/** The id of the referral whose shared page a code shows, by the page's own rule (its view beacon). */
export async function sharedReferralId(ctx: Pick<ReadCtx, "db">, code: string): Promise<string | null> {
  return (await sharedRecord(ctx, code))?.id ?? null;
}

/**
 * A referral by its public code as a visitor sees it (docs/product.md#shared-referrals): 404 when
 * the code is unknown, its referrer deactivated or its card unlisted; 'gone' when it no longer
 * takes applicants. One round trip: the record with its card's slug and listing.
 */
export async function getSharedReferral(ctx: ReadCtx, input: { code: string }): Promise<SharedReferral> {
  const record = await sharedRecord(ctx, input.code);
  if (!record) throw new DomainError(404, REFERRAL_MESSAGES.notFound);
  // A member's own card has no public page until an admin lists it.
  const cardSlug = record.cardIsUserAdded ? null : record.cardSlug;
  const referral = presentReferral(record, ctx.actor?.id ?? null);
  const open = referral.isActive && (referral.availableReferCount === null || referral.availableReferCount > 0);
  if (!open) return { state: "gone", cardSlug, cardName: record.cardName };
  // A visitor's page: names masked as for a visitor, and only the reviews themselves shown.
  const { own, comments } = await referralPageReviews(
    { db: ctx.db, actor: null },
    { referralId: record.id, limit: LATEST_REVIEWS },
  );
  return {
    state: "live",
    referral: withoutLink(referral),
    cardSlug,
    reviews: { own, items: reviewSummaries(comments) },
  };
}
