/**
 * The live market on the landing page (docs/product.md#landing, ADR 200): what is on offer now
 * (active referrals, cards with referrals), what happened in the last 90 days (confirmed successes,
 * shares paid) and the cards where an applicant gets most today (welcome offer plus the best share,
 * in estimated dollars). Computed at most once an hour per data centre (the page itself is cached
 * for a minute, ADR 062), so its figures are at most an hour old.
 */
import type { Ctx } from "~/core/context.server";
import { dayOf } from "~/modules/analytics/rollup.server";
import { cachedJson, hourCacheRequest } from "~/utils/hour-cache.server";
import { presentMarketCard, type MarketFigures } from "./catalogue";

export const MARKET_WINDOW_DAYS = 90;
export const TOP_CARDS = 6;

/** The figures read now: the cards' market columns (one row per listed card) and the 90-day rollups' index. */
export async function readMarketFigures(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<MarketFigures> {
  const listed = "active = 1 AND is_user_added = 0";
  const [totals, days, top] = await ctx.db.$client.batch<Record<string, number | string | null>>([
    ctx.db.$client.prepare(
      `SELECT coalesce(sum(live_referrals), 0) AS referrals, count(*) FILTER (WHERE live_referrals > 0) AS cards
       FROM credit_cards WHERE ${listed}`,
    ),
    ctx.db.$client
      .prepare(
        `SELECT coalesce(sum(successes), 0) AS successes, coalesce(sum(shares_paid), 0) AS shares
         FROM referral_daily WHERE day > ?`,
      )
      .bind(dayOf(now) - MARKET_WINDOW_DAYS),
    ctx.db.$client.prepare(
      `SELECT id, slug, name, issuer, category, annual_fee, image_url, apply_benefit_with_referral, offer_amount,
         offer_unit, offer_min_spend, offer_months, offer_value, live_referrals, best_share_value
       FROM credit_cards WHERE ${listed} AND live_referrals > 0
       ORDER BY offer_value + best_share_value DESC, live_referrals DESC, id LIMIT ${TOP_CARDS}`,
    ),
  ]);
  const first = (result: D1Result<Record<string, number | string | null>> | undefined) => result?.results[0] ?? {};
  return {
    activeReferrals: Number(first(totals).referrals ?? 0),
    cardsWithReferrals: Number(first(totals).cards ?? 0),
    confirmedSuccesses: Number(first(days).successes ?? 0),
    sharesPaid: Number(first(days).shares ?? 0),
    topCards: (top?.results ?? []).map((row) => presentMarketCard(row as never)),
    asOf: new Date(now).toISOString(),
  };
}

const FIGURES_KEY = ["market-figures", "1"] as const;

/** The figures' copy in this data centre's cache (a test starts without one). */
export const marketFiguresCacheRequest = () => hourCacheRequest(...FIGURES_KEY);

/** The landing's figures: from the hour's copy when this data centre has one. */
export function marketFigures(ctx: Pick<Ctx, "db" | "waitUntil">): Promise<MarketFigures> {
  return cachedJson(...FIGURES_KEY, () => readMarketFigures(ctx), ctx.waitUntil);
}
