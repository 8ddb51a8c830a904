/**
 * The catalogue's browser-safe half (docs/product.md#catalogue): its sorts and how a card's row
 * is presented, shared by /cards, the landing's market and the card tiles.
 */
import type { BonusUnit, CardCategory } from "../../../db/enums";
import { isSafeReferralLink } from "~/core/referral-link";
import { formatEstimate, presentOffer, welcomeOfferLine } from "~/modules/cards/value";
import { bestShareText } from "~/modules/shares/terms";

export const CATALOGUE_SORTS = ["referrals", "share", "offer", "fee"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  referrals: "Most referrals",
  share: "Best share",
  offer: "Highest welcome offer",
  fee: "Lowest annual fee",
};
export const CATALOGUE_PAGE_SIZE = 24;

export interface CatalogueRow {
  id: string;
  slug: string;
  name: string;
  issuer: string;
  category: CardCategory;
  annual_fee: number;
  image_url: string | null;
  apply_benefit_with_referral: string;
  offer_amount: number;
  offer_unit: BonusUnit;
  offer_min_spend: number;
  offer_months: number;
  offer_value: number;
  live_referrals: number;
  best_share_value: number;
  sort_value: number;
}

/**
 * A card as the catalogue and the landing show it, its texts said here on the server so the tile
 * ships no formatting code to the landing page (docs/decisions/092).
 */
export function presentMarketCard(row: Omit<CatalogueRow, "sort_value">) {
  const offer = presentOffer({
    amount: row.offer_amount,
    unit: row.offer_unit,
    minSpend: row.offer_min_spend,
    months: row.offer_months,
  });
  return {
    slug: row.slug,
    name: row.name,
    issuer: row.issuer,
    category: row.category,
    annualFee: row.annual_fee,
    imageUrl: row.image_url && isSafeReferralLink(row.image_url) ? row.image_url : null,
    welcomeOffer: welcomeOfferLine(offer, row.apply_benefit_with_referral),
    offerValue: row.offer_value,
    /** '$900 value', beside a welcome offer not already said in dollars. */
    offerEstimate: row.offer_value > 0 ? formatEstimate({ amount: row.offer_value, unit: "USD" }) : null,
    liveReferrals: row.live_referrals,
    bestShareValue: row.best_share_value,
    /** 'Up to $50' (bestShareText), or null without a share agreed up front. */
    bestShare: bestShareText(row.best_share_value),
  };
}
export type MarketCard = ReturnType<typeof presentMarketCard>;

/** The landing's live market (market.server.ts reads it). */
export interface MarketFigures {
  activeReferrals: number;
  cardsWithReferrals: number;
  confirmedSuccesses: number;
  sharesPaid: number;
  topCards: MarketCard[];
  /** When the figures were read (ISO). */
  asOf: string;
}
