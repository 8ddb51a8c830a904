/**
 * The live market on the landing page (docs/product.md#landing, ADR 200): what is on offer now
 * (active referrals, cards with referrals), what happened in the last 90 days (confirmed successes,
 * shares paid) and the cards where an applicant gets most today (welcome offer plus the best share,
 * in estimated dollars). Computed at most once an hour per data centre (the page itself is cached
 * for a minute, ADR 062), so its figures are at most an hour old.
 */
import { sql } from "drizzle-orm";
import { creditCards, referralDaily } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { dayOf } from "~/modules/analytics/rollup.server";
import { statement } from "~/utils/d1-statement.server";
import { cachedJson, hourCacheRequest } from "~/utils/hour-cache.server";
import { presentMarketCard, type MarketFigures } from "./catalogue";
import { LISTED_CARD, MARKET_CARD_COLUMNS } from "./catalogue.server";

export const MARKET_WINDOW_DAYS = 90;
export const TOP_CARDS = 6;

/** The figures read now: the cards' market columns (one row per listed card) and the 90-day rollups' index. */
export async function readMarketFigures(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<MarketFigures> {
  const [totals, days, top] = await ctx.db.$client.batch<Record<string, number | string | null>>([
    statement(
      ctx.db,
      sql`SELECT coalesce(sum(${creditCards.liveReferrals}), 0) AS referrals,
          count(*) FILTER (WHERE ${creditCards.liveReferrals} > 0) AS cards
        FROM ${creditCards} WHERE ${LISTED_CARD}`,
    ),
    statement(
      ctx.db,
      sql`SELECT coalesce(sum(${referralDaily.successes}), 0) AS successes, coalesce(sum(${referralDaily.sharesPaid}), 0) AS shares
        FROM ${referralDaily} WHERE ${referralDaily.day} > ${dayOf(now) - MARKET_WINDOW_DAYS}`,
    ),
    statement(
      ctx.db,
      sql`SELECT ${MARKET_CARD_COLUMNS}
        FROM ${creditCards} WHERE ${LISTED_CARD} AND ${creditCards.liveReferrals} > 0
        ORDER BY ${creditCards.offerValue} + ${creditCards.bestShareValue} DESC, ${creditCards.liveReferrals} DESC, ${creditCards.id}
        LIMIT ${TOP_CARDS}`,
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
