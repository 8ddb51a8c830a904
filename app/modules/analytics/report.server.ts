/**
 * The referrer's analytics over 7, 30 or 90 days (docs/product.md#analytics): read from the daily
 * rollups on (referrer, day), one row per referral and active day, never the events (ADR 172).
 */
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { creditCards, referralDaily, referrals } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { COUNTER_COLUMNS, DAY_MS, dayOf } from "./rollup.server";
import { SERIES, ZERO, type Analytics, type Counts } from "./present";

/** The rollup rows of a referrer since a day (referral_daily_referrer_day_idx). */
export function analyticsQuery(db: Db, referrerId: string, sinceDay: number) {
  return db
    .select({
      referralId: referralDaily.referralId,
      day: referralDaily.day,
      ...COUNTER_COLUMNS,
    })
    .from(referralDaily)
    .where(and(eq(referralDaily.referrerId, referrerId), gte(referralDaily.day, sinceDay)))
    .orderBy(asc(referralDaily.day));
}

const add = (a: Counts, b: Counts): Counts =>
  Object.fromEntries(SERIES.map(({ key }) => [key, a[key] + b[key]])) as Counts;

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The acting member's analytics: totals, a daily series, and the same per referral. */
export async function getReferrerAnalytics(
  ctx: Pick<Ctx, "db" | "actor">,
  input: { days: number },
): Promise<Analytics> {
  const actor = requireActor(ctx);
  const today = dayOf(Date.now());
  const since = today - input.days + 1;
  const [rows, owned] = await ctx.db.batch([
    analyticsQuery(ctx.db, actor.id, since),
    ctx.db
      .select({ id: referrals.id, cardName: creditCards.name })
      .from(referrals)
      .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
      .where(eq(referrals.referrerId, actor.id)),
  ]);
  const days = Array.from({ length: input.days }, (_, index) => since + index);
  const byReferral = new Map<string, Map<number, Counts>>();
  for (const { referralId, day, ...counts } of rows) {
    const series = byReferral.get(referralId) ?? new Map<number, Counts>();
    series.set(day, counts);
    byReferral.set(referralId, series);
  }
  const seriesOf = (get: (day: number) => Counts) => days.map((day) => ({ date: isoDay(day), ...get(day) }));
  const perReferral = owned.map((referral) => {
    const series = byReferral.get(referral.id);
    const daily = seriesOf((day) => series?.get(day) ?? ZERO);
    return { _id: referral.id, cardName: referral.cardName, daily, totals: daily.reduce(add, ZERO) };
  });
  const daily = seriesOf((day) => perReferral.reduce((sum, referral) => add(sum, referral.daily[day - since]), ZERO));
  return {
    days: input.days,
    from: isoDay(since),
    to: isoDay(today),
    totals: daily.reduce(add, ZERO),
    daily,
    referrals: perReferral,
  };
}
