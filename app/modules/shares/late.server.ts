/**
 * Late shares (docs/decisions/185-share-is-money.md): a promised share is due its deadline's days
 * after the first bonus step (applications.share_due_at, cleared when it is marked paid). Past it,
 * it is late for both sides and counts in the referrer's figures (users.late_shares) until paid.
 * The count is kept by the share-paid step's batch and by the cron, each with its own clock.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { statement } from "~/utils/d1-statement.server";

const DAY_MS = 86_400_000;

/** Late shares of one referrer at `now` (index applications_share_due_idx). */
const lateCount = (referrer: ReturnType<typeof sql>, now: number) =>
  sql`(select count(*) from applications a where a.share_due_at is not null and a.share_due_at <= ${now}
    and a.referrer_id = ${referrer})`;

/** Recounts one referrer's late shares at `now` (for a step's batch). */
export function recountLateShares(db: Db, referrerId: string, now: number) {
  return statement(
    db,
    sql`update users set late_shares = ${lateCount(sql`${referrerId}`, now)} where id = ${referrerId}`,
  );
}

/** The first bonus step starts the share's clock (only for a promised share not yet paid). */
export function startShareClock(db: Db, applicationId: string, now: number) {
  return statement(
    db,
    sql`update applications set share_due_at = coalesce(share_due_at, ${now} + promised_share_deadline_days * ${DAY_MS})
    where id = ${applicationId} and promised_share_percent > 0
      and exists (select 1 from application_outcomes b where b.application_id = applications.id
        and b.step in ('bonus-posted', 'bonus-received'))
      and not exists (select 1 from application_outcomes p where p.application_id = applications.id and p.step = 'share-paid')`,
  );
}

/** Marking the share paid stops its clock: it is no longer late. */
export function stopShareClock(db: Db, applicationId: string) {
  return statement(db, sql`update applications set share_due_at = null where id = ${applicationId}`);
}

/**
 * The cron's step: every referrer with a share due by `now`, and every referrer still counted late,
 * recounted at `now` (one statement; the scheduled time is the clock, so tests set it).
 */
export async function sweepLateShares(db: Db, now: number) {
  await db.run(
    sql`update users set late_shares = ${lateCount(sql`users.id`, now)}
    where id in (select a.referrer_id from applications a where a.share_due_at is not null and a.share_due_at <= ${now})
       or late_shares > 0`,
  );
}
