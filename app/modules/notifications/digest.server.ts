/**
 * The weekly digest (kind "digest", off until a member turns it on; ADR 182): each week from Monday
 * 08:00 UTC, every referrer who had it on before then gets their referrals' views, clicks and
 * applications of the last 7 days (the daily rollups, ADR 172) and what waits for them. The
 * 15-minute cron sends DIGEST_BATCH a run until everyone has this week's; a mark per member
 * (notification_marks, key "digest", at the week's start) makes it once a week.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Ctx } from "~/core/context.server";
import { formatDate } from "~/core/format";
import { analyticsQuery } from "~/modules/analytics/report.server";
import { DAY_MS, dayOf } from "~/modules/analytics/rollup.server";
import { KIND_INFO, type NotificationChannel } from "./kinds";
import { notify } from "./notify.server";

export const DIGEST_BATCH = 50;
export const WEEK_MS = 7 * DAY_MS;
export const DIGEST_MARK = "digest";
/** Monday 08:00 UTC, as an offset from the epoch (a Thursday: Monday is 4 days later). */
const WEEK_OFFSET_MS = 4 * DAY_MS + 8 * 3_600_000;

/** The start of the digest week holding `now`: the last Monday 08:00 UTC at or before it. */
export function digestWeekStart(now: number) {
  return now - ((((now - WEEK_OFFSET_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS);
}

/**
 * Members owed this week's digest: the switch on for email (with the master switch) or for push,
 * chosen before the week started (or the kind's default when it is on by default), active, with a
 * referral, and not marked for this week. Each channel's own switch is read again when it delivers.
 */
function owedDigest(db: Db, weekStart: number, limit: number) {
  const chosen = (channel: NotificationChannel, enabled: boolean) =>
    sql`select 1 from notification_settings s where s.user_id = u.id and s.kind = 'digest'
      and s.channel = ${channel} and s.enabled = ${enabled ? 1 : 0}`;
  const switchOn = (channel: NotificationChannel) =>
    KIND_INFO.digest.defaultOn
      ? sql`not exists (${chosen(channel, false)})`
      : sql`exists (${chosen(channel, true)} and s.updated_at < ${weekStart})`;
  return db.all<{ id: string }>(sql`select u.id from users u
    where u.deactivated_at is null
      and ((u.email_notifications = 1 and ${switchOn("email")}) or ${switchOn("push")})
      and exists (select 1 from referrals r where r.referrer_id = u.id)
      and not exists (select 1 from notification_marks m where m.user_id = u.id and m.key = ${DIGEST_MARK}
        and m.at >= ${weekStart})
    limit ${limit}`);
}

/** What waits for a member at `now`: shares to pay (the next deadline, the late ones), disputes to answer, steps to confirm. */
function waitingFor(db: Db, userId: string, now: number) {
  return db.get<{
    sharesDue: number;
    nextDue: number | null;
    sharesLate: number;
    disputes: number;
    bonusesToConfirm: number;
    sharesToConfirm: number;
  }>(sql`select
    (select count(*) from applications a where a.referrer_id = ${userId} and a.share_due_at is not null) as sharesDue,
    (select min(a.share_due_at) from applications a where a.referrer_id = ${userId} and a.share_due_at > ${now}) as nextDue,
    (select count(*) from applications a where a.referrer_id = ${userId} and a.share_due_at <= ${now}) as sharesLate,
    (select count(*) from application_outcomes o where o.referrer_id = ${userId} and o.step = 'share-not-received'
      and o.closed_at is null and o.answered_at is null) as disputes,
    (select count(*) from applications a where a.applicant_id = ${userId}
      and exists (select 1 from application_outcomes o where o.application_id = a.id and o.step = 'bonus-posted')
      and not exists (select 1 from application_outcomes o where o.application_id = a.id and o.step = 'bonus-received')) as bonusesToConfirm,
    (select count(*) from applications a where a.applicant_id = ${userId}
      and exists (select 1 from application_outcomes o where o.application_id = a.id and o.step = 'share-paid')
      and not exists (select 1 from application_outcomes o where o.application_id = a.id
        and o.step in ('share-received', 'share-not-received'))) as sharesToConfirm`);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The digest's content for one member: the week's figures, then what waits. */
async function digestOf(db: Db, userId: string, now: number) {
  const today = dayOf(now);
  const [rows, waiting] = await Promise.all([analyticsQuery(db, userId, today - 6), waitingFor(db, userId, now)]);
  const sum = (key: "views" | "clicks" | "applications") => rows.reduce((total, row) => total + row[key], 0);
  const w = waiting ?? {
    sharesDue: 0,
    nextDue: null,
    sharesLate: 0,
    disputes: 0,
    bonusesToConfirm: 0,
    sharesToConfirm: 0,
  };
  const waits = [
    w.sharesDue > 0
      ? `${count(w.sharesDue, "share", "shares")} to pay${w.sharesLate > 0 ? ` (${w.sharesLate} late)` : ""}${
          w.nextDue ? `, the next by ${formatDate(new Date(w.nextDue))}` : ""
        }.`
      : null,
    w.disputes > 0 ? `${count(w.disputes, "dispute", "disputes")} to answer.` : null,
    w.bonusesToConfirm > 0 ? `${count(w.bonusesToConfirm, "posted bonus", "posted bonuses")} to confirm.` : null,
    w.sharesToConfirm > 0 ? `${count(w.sharesToConfirm, "paid share", "paid shares")} to confirm you received.` : null,
  ].filter((line): line is string => line !== null);
  return {
    subject: "Cardshare: your week as a referrer",
    lines: [
      "Your referrals over the last 7 days:",
      ...(waits.length > 0 ? ["What waits for you:", ...waits] : ["Nothing waits for you right now."]),
    ],
    figures: [
      { label: "Views", value: String(sum("views")) },
      { label: "Clicks on Apply", value: String(sum("clicks")) },
      { label: "Applications", value: String(sum("applications")) },
    ],
    action: { path: "/dashboard/analytics", label: "Open your analytics" },
  };
}

/** The cron step: this week's digest to the next DIGEST_BATCH members owed it; answers how many were enqueued. */
export async function sendWeeklyDigests(ctx: { db: Db } & Pick<Ctx, "notifications">, now: number) {
  const weekStart = digestWeekStart(now);
  const owed = await owedDigest(ctx.db, weekStart, DIGEST_BATCH);
  let sent = 0;
  for (const { id } of owed) {
    const enqueued = await notify(ctx, {
      kind: "digest",
      userId: id,
      key: `digest:${id}:${weekStart}`,
      // Marked at the week's start: the next mark is claimable only from next week's start.
      throttle: { key: DIGEST_MARK, windowMs: WEEK_MS, now: weekStart },
      content: await digestOf(ctx.db, id, now),
    });
    if (enqueued) sent += 1;
  }
  return sent;
}
