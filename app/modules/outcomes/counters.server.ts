/**
 * The statements an outcome step batches with its own write (docs/decisions/170): the referrer's
 * reputation from confirmed outcomes recounted from application_outcomes' index on (referrer,
 * step). Pages then read the counters from the users row, never aggregate per request. (A review
 * counts once its applicant confirms the rating after the outcome: reputation/verified.ts.)
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ReviewStage } from "../../../db/enums";
import { statement } from "~/utils/d1-statement.server";

/** Outcome rows of one referrer and step (application_outcomes_referrer_idx). */
const rowsOf = (referrerId: string, step: string) =>
  sql`from application_outcomes r where r.referrer_id = ${referrerId} and r.step = ${step}`;

/**
 * The median of the days from bonus posted to share paid over the referrer's confirmed shares:
 * the middle row (or the mean of the two middle rows) read in order from the index.
 */
function medianDaysToPay(referrerId: string) {
  const count = sql`(select count(*) ${rowsOf(referrerId, "share-received")})`;
  return sql`(select avg(d) from (select r.days_to_pay as d ${rowsOf(referrerId, "share-received")}
    order by r.days_to_pay limit 2 - (${count} % 2) offset (${count} - 1) / 2))`;
}

/** Recounts a referrer's confirmed-outcome figures (one UPDATE, for the step's batch). */
export function recountOutcomes(db: Db, referrerId: string) {
  return statement(
    db,
    sql`update users set
    confirmed_successes = (select count(*) ${rowsOf(referrerId, "bonus-received")}
      and exists (select 1 from application_outcomes p where p.application_id = r.application_id and p.step = 'bonus-posted')),
    shares_promised = (select count(*) ${rowsOf(referrerId, "bonus-posted")}
      and (select a.promised_share_percent from applications a where a.id = r.application_id) > 0),
    shares_paid = (select count(*) ${rowsOf(referrerId, "share-received")}),
    median_days_to_pay = ${medianDaysToPay(referrerId)},
    open_disputes = (select count(*) ${rowsOf(referrerId, "share-not-received")} and r.closed_at is null),
    disputes_upheld = (select count(*) ${rowsOf(referrerId, "share-not-received")} and r.decision = 'upheld')
    where id = ${referrerId}`,
  );
}

/** How far an application had gone, for a comment written now: 'share', 'bonus' or 'applied'. */
export function reviewStageSql(applicationId: string) {
  const has = (steps: string[]) =>
    sql`exists (select 1 from application_outcomes s where s.application_id = ${applicationId} and s.step in ${steps})`;
  return sql<ReviewStage>`(case when ${has(["share-received"])} then 'share'
    when ${has(["bonus-posted", "bonus-received"])} then 'bonus' else 'applied' end)`;
}
