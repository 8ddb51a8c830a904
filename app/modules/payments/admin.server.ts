/** The admin view of tips: totals and a keyset-paginated list, newest first. */
import { desc, eq, sql } from "drizzle-orm";
import { creditCards, referrals, tips, users } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, toPage } from "~/utils/keyset.server";
import { formatMinorAmount } from "./format";

export const TIPS_PAGE_SIZE = 25;

type ReadCtx = Pick<Ctx, "db" | "actor">;

/** Count and sum of every tip, per currency (amounts in the minor unit, as Stripe reports them). */
export async function tipTotals(ctx: ReadCtx) {
  assertAdmin(ctx.actor);
  return ctx.db
    .select({
      currency: tips.currency,
      count: sql<number>`count(*)`,
      amount: sql<number>`coalesce(sum(${tips.amount}), 0)`,
    })
    .from(tips)
    .groupBy(tips.currency)
    .orderBy(tips.currency)
    .all();
}

/** One page of tips with the tipper and the referral's card, and the cursor of the next page. */
export async function listTips(ctx: ReadCtx, input: { cursor?: string | null; limit?: number }) {
  assertAdmin(ctx.actor);
  const { cursor, limit = TIPS_PAGE_SIZE } = input;
  const rows = await ctx.db
    .select({
      id: tips.id,
      amount: tips.amount,
      currency: tips.currency,
      createdAt: tips.createdAt,
      stripeSessionId: tips.stripeSessionId,
      userId: tips.userId,
      username: users.username,
      email: users.email,
      referralId: tips.referralId,
      cardName: creditCards.name,
    })
    .from(tips)
    .leftJoin(users, eq(users.id, tips.userId))
    .leftJoin(referrals, eq(referrals.id, tips.referralId))
    .leftJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(olderThan(tips.createdAt, tips.id, decodeCreatedCursor(cursor)))
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(limit + 1)
    .all();
  const { items, nextCursor } = toPage(rows, limit, createdKeyOf);
  return { tips: items, nextCursor };
}

/** What the admin dashboard and /admin/tips show: the total per currency ("$12 + €3") and the count. */
export async function tipSummary(ctx: ReadCtx) {
  assertAdmin(ctx.actor);
  const totals = await tipTotals(ctx);
  return {
    total: totals.length === 0 ? "$0" : totals.map((row) => formatMinorAmount(row.amount, row.currency)).join(" + "),
    count: totals.reduce((sum, row) => sum + row.count, 0),
  };
}
