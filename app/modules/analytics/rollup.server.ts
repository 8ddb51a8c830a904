/**
 * Analytics for referrers, written as daily rollups (docs/product.md#analytics, ADR 172): every
 * counted event adds 1 to its referral's row for the UTC day in the same batch as the event, so
 * the dashboard reads one row per referral and day, never the events. Views count once per viewer
 * and day (referral_views' key); clicks go through /go/{id}, so they count without JavaScript.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import { LISTED_CONDITION } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { isSafeReferralLink } from "~/modules/referrals/link";
import { statement } from "~/utils/d1-statement.server";
import { REFERRAL_NOT_FOUND } from "~/utils/messages";

export const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of a time in milliseconds. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** The counted events and their columns in referral_daily. */
export const COUNTER_COLUMNS = {
  views: "views",
  clicks: "clicks",
  applications: "applications",
  approvals: "approvals",
  successes: "successes",
  sharesPaid: "shares_paid",
} as const;
export type Counter = keyof typeof COUNTER_COLUMNS;

/**
 * Adds 1 to `counter` on the referral's row for the day of `at`, when `when` holds as the statement
 * runs (e.g. `changes() = 1`: the event's own insert just happened). An upsert, so concurrent
 * events of the same day add up on one row.
 */
export function bumpDaily(input: { referralId: string; counter: Counter; at: number; when?: SQL }): SQL {
  const column = sql.raw(COUNTER_COLUMNS[input.counter]);
  return sql`insert into referral_daily (referral_id, referrer_id, day, ${column})
    select r.id, r.referrer_id, ${dayOf(input.at)}, 1 from referrals r
     where r.id = ${input.referralId} and ${input.when ?? sql`1`}
    on conflict (referral_id, day) do update set ${column} = ${column} + 1`;
}

/**
 * A member looked at a referral's detail page (its view beacon): counted once per member and day,
 * never the owner's own looks, nothing for an unknown referral.
 */
export async function recordView(ctx: Pick<Ctx, "db" | "actor">, input: { referralId: string }) {
  const actor = requireActor(ctx);
  const at = Date.now();
  const others = sql`exists (select 1 from referrals r where r.id = ${input.referralId} and r.referrer_id <> ${actor.id})`;
  await ctx.db.$client.batch([
    statement(
      ctx.db,
      sql`insert or ignore into referral_views (referral_id, viewer, day)
        select ${input.referralId}, ${actor.id}, ${dayOf(at)} where ${others}`,
    ),
    statement(ctx.db, bumpDaily({ referralId: input.referralId, counter: "views", at, when: sql`changes() = 1` })),
  ]);
}

/**
 * The Apply button's redirect: counts the click (not the owner's) and answers the referral's link.
 * 404 for an unknown referral, one not listed, or one without a safe link.
 */
export async function recordClick(ctx: Pick<Ctx, "db" | "actor">, input: { referralId: string }) {
  const actor = requireActor(ctx);
  const referral = await ctx.db
    .select({ link: referrals.referralLink, referrerId: referrals.referrerId })
    .from(referrals)
    .where(and(eq(referrals.id, input.referralId), sql.raw(LISTED_CONDITION)))
    .get();
  if (!referral || !isSafeReferralLink(referral.link)) throw new DomainError(404, REFERRAL_NOT_FOUND);
  if (referral.referrerId !== actor.id) {
    await statement(ctx.db, bumpDaily({ referralId: input.referralId, counter: "clicks", at: Date.now() })).run();
  }
  return referral.link;
}
