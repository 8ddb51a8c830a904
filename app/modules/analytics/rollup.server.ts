/**
 * Analytics for referrers, written as daily rollups (docs/product.md#analytics, ADR 172, 173): every
 * counted event adds 1 to its referral's row for the UTC day in the same batch as the event, so
 * the dashboard reads one row per referral and day, never the events. Views and clicks count once
 * per person and day (referral_views' key); clicks go through /go/{id}, so they count without
 * JavaScript. An application's approval counts once, and its confirmed success on the same day.
 */
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ReferralEvent } from "../../../db/enums";
import { SUCCESSFUL_STATUSES } from "../../../db/factories";
import { alias } from "drizzle-orm/sqlite-core";
import {
  applicationOutcomes,
  applications,
  LISTED_SQL,
  referralDaily,
  referrals,
  referralViews,
} from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { isSafeReferralLink } from "~/core/referral-link";
import { columnName, columnNames, statement } from "~/utils/d1-statement.server";
import { REFERRAL_NOT_FOUND } from "~/utils/messages";
import { visitorKey, type VisitorMeta } from "./visitor-key.server";

export const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of a time in milliseconds. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** The counted events and their columns in referral_daily. */
export const COUNTER_COLUMNS = {
  views: referralDaily.views,
  clicks: referralDaily.clicks,
  applications: referralDaily.applications,
  approvals: referralDaily.approvals,
  successes: referralDaily.successes,
  sharesPaid: referralDaily.sharesPaid,
} as const;
export type Counter = keyof typeof COUNTER_COLUMNS;

/**
 * Adds 1 to `counter` on the referral's row for the day of `at` (or `day`, an SQL day number), when
 * `when` holds as the statement runs (e.g. `changes() = 1`: the event's own insert just happened).
 * An upsert, so concurrent events of the same day add up on one row.
 */
export function bumpDaily(input: { referralId: string; counter: Counter; at: number; when?: SQL; day?: SQL }): SQL {
  const column = columnName(COUNTER_COLUMNS[input.counter]);
  const day = input.day ? sql`coalesce(${input.day}, ${dayOf(input.at)})` : sql`${dayOf(input.at)}`;
  const key = columnNames([referralDaily.referralId, referralDaily.day]);
  return sql`insert into ${referralDaily} (${columnNames([referralDaily.referralId, referralDaily.referrerId, referralDaily.day])}, ${column})
    select ${referrals.id}, ${referrals.referrerId}, ${day}, 1 from ${referrals}
     where ${referrals.id} = ${input.referralId} and ${input.when ?? sql`1`}
    on conflict (${key}) do update set ${column} = ${column} + 1`;
}

const EVENT_COUNTERS = { view: "views", click: "clicks" } as const satisfies Record<ReferralEvent, Counter>;

/**
 * Counts `who`'s view or click of a referral once per UTC day, never the owner's own, nothing for
 * an unknown referral: the day's row in referral_views and the bump in one batch, the bump only
 * when the row was new.
 */
async function countOnce(db: Db, input: { referralId: string; event: ReferralEvent; who: string }) {
  const at = Date.now();
  const r = alias(referrals, "r");
  const others = sql`exists (select 1 from ${referrals} ${r} where ${r.id} = ${input.referralId} and ${r.referrerId} <> ${input.who})`;
  await db.$client.batch([
    statement(
      db,
      sql`insert or ignore into ${referralViews} (${columnNames([referralViews.day, referralViews.referralId, referralViews.event, referralViews.viewer])})
        select ${dayOf(at)}, ${input.referralId}, ${input.event}, ${input.who} where ${others}`,
    ),
    statement(
      db,
      bumpDaily({ referralId: input.referralId, counter: EVENT_COUNTERS[input.event], at, when: sql`changes() = 1` }),
    ),
  ]);
}

/** A member looked at a referral's detail page (its view beacon). */
export async function recordView(ctx: Pick<Ctx, "db" | "actor">, input: { referralId: string }) {
  await countOnce(ctx.db, { referralId: input.referralId, event: "view", who: requireActor(ctx).id });
}

/**
 * Someone looked at a shared referral's public page (/r/{code}, its view beacon, fetched even when
 * the page came from the edge cache): a member by id, a visitor by their key for the day.
 */
export async function recordSharedView(
  ctx: Pick<Ctx, "db" | "actor" | "env">,
  input: { referralId: string; visitor: VisitorMeta },
) {
  const who = ctx.actor?.id ?? (await visitorKey(ctx.env.SESSION_SECRET, input.visitor, dayOf(Date.now())));
  await countOnce(ctx.db, { referralId: input.referralId, event: "view", who });
}

/**
 * The Apply button's redirect: counts the member's click once a day (not the owner's) and answers
 * the referral's link. 404 for an unknown referral, one not listed, or one without a safe link.
 */
export async function recordClick(ctx: Pick<Ctx, "db" | "actor">, input: { referralId: string }) {
  const actor = requireActor(ctx);
  const referral = await ctx.db
    .select({ link: referrals.referralLink })
    .from(referrals)
    .where(and(eq(referrals.id, input.referralId), LISTED_SQL))
    .get();
  if (!referral || !isSafeReferralLink(referral.link)) throw new DomainError(404, REFERRAL_NOT_FOUND);
  await countOnce(ctx.db, { referralId: input.referralId, event: "click", who: actor.id });
  return referral.link;
}

/** Deletes who-viewed rows of past days: only today's decide anything (the cron calls it). */
export async function pruneReferralViews(db: Db, now = Date.now()) {
  await db.delete(referralViews).where(lt(referralViews.day, dayOf(now)));
}

const p = alias(applicationOutcomes, "p");
const b = alias(applicationOutcomes, "b");

/** Whether both sides said the bonus of an application: a confirmed success (ADR 170). */
export const bonusConfirmed = (applicationId: string) =>
  sql`exists (select 1 from ${applicationOutcomes} ${p} where ${p.applicationId} = ${applicationId} and ${p.step} = 'bonus-posted')
  and exists (select 1 from ${applicationOutcomes} ${b} where ${b.applicationId} = ${applicationId} and ${b.step} = 'bonus-received')`;

/**
 * An application's approval as the analytics count it, the one rule its two events share (ADR 173):
 * it moved into Successful, or its bonus was confirmed by both sides (a confirmed success is an
 * approval even when the applicant never changed the status). Recorded once in
 * `applications.approved_at` and counted that day; a later event finds it set and counts nothing.
 * Two statements for the event's batch, after the event's own write.
 */
export function countApproval(db: Db, input: { applicationId: string; referralId: string; at: number }) {
  const approved = sql`(${applications.status} in ${SUCCESSFUL_STATUSES} or (${bonusConfirmed(input.applicationId)}))`;
  return [
    statement(
      db,
      sql`update ${applications} set ${columnName(applications.approvedAt)} = ${input.at}
        where ${applications.id} = ${input.applicationId} and ${applications.approvedAt} is null and ${approved}`,
    ),
    statement(
      db,
      bumpDaily({ referralId: input.referralId, counter: "approvals", at: input.at, when: sql`changes() = 1` }),
    ),
  ];
}

const a = alias(applications, "a");

/**
 * The day a confirmed success counts on: its application's approval's (set by countApproval earlier
 * in the same batch), so no period of the funnel shows more successes than approvals.
 */
export const approvalDay = (applicationId: string) =>
  sql`(select cast(${a.approvedAt} / ${DAY_MS} as integer) from ${applications} ${a} where ${a.id} = ${applicationId})`;
