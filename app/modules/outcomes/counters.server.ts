/**
 * The statements an outcome step batches with its own write (docs/decisions/170): the referrer's
 * reputation from confirmed outcomes recounted from application_outcomes' index on (referrer,
 * step), and the applicant's comments marked verified once both sides confirmed the outcome. Pages
 * then read the counters from the users row, never aggregate per request.
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
    open_disputes = (select count(*) ${rowsOf(referrerId, "share-not-received")} and r.closed_at is null)
    where id = ${referrerId}`,
  );
}

/**
 * The outcome of an application is verified when both sides confirmed it: the share paid and
 * received, or, when no share was promised, the bonus posted and received.
 */
export function verifiedOutcomeCondition(applicationId: string) {
  const has = (step: string) =>
    sql`exists (select 1 from application_outcomes v where v.application_id = ${applicationId} and v.step = ${step})`;
  return sql`(${has("share-received")} or (
    (select promised_share_percent from applications where id = ${applicationId}) = 0
    and ${has("bonus-posted")} and ${has("bonus-received")}))`;
}

/** Marks the applicant's review and follow-ups of this application's referral as verified when they now are. */
export function verifyApplicantComments(
  db: Db,
  input: { applicationId: string; referralId: string; applicantId: string },
) {
  return statement(
    db,
    sql`update comments set verified_outcome = 1
    where referral_id = ${input.referralId} and author_id = ${input.applicantId} and verified_outcome = 0
      and comment_type in ('applicantToReferrer', 'followUpComment')
      and ${verifiedOutcomeCondition(input.applicationId)}`,
  );
}

/** How far an application had gone, for a comment written now: 'share', 'bonus' or 'applied'. */
export function reviewStageSql(applicationId: string) {
  const has = (steps: string[]) =>
    sql`exists (select 1 from application_outcomes s where s.application_id = ${applicationId} and s.step in ${steps})`;
  return sql<ReviewStage>`(case when ${has(["share-received"])} then 'share'
    when ${has(["bonus-posted", "bonus-received"])} then 'bonus' else 'applied' end)`;
}
