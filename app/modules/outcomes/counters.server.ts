/**
 * The statements an outcome step batches with its own write (docs/decisions/170): the referrer's
 * reputation from confirmed outcomes recounted from application_outcomes' index on (referrer,
 * step). Pages then read the counters from the users row, never aggregate per request. (A review
 * counts once its applicant confirms the rating after the outcome: reputation/verified.ts.)
 */
import { sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import type { ReviewStage } from "../../../db/enums";
import { applicationOutcomes, applications, users } from "../../../db/schema";
import { columnName, statement } from "~/utils/d1-statement.server";

const r = alias(applicationOutcomes, "r");
const p = alias(applicationOutcomes, "p");
const a = alias(applications, "a");

/** Outcome rows of one referrer and step (application_outcomes_referrer_idx). */
const rowsOf = (referrerId: string, step: string) =>
  sql`from ${applicationOutcomes} ${r} where ${r.referrerId} = ${referrerId} and ${r.step} = ${step}`;

/**
 * The median of the days from bonus posted to share paid over the referrer's confirmed shares:
 * the middle row (or the mean of the two middle rows) read in order from the index.
 */
function medianDaysToPay(referrerId: string) {
  const count = sql`(select count(*) ${rowsOf(referrerId, "share-received")})`;
  return sql`(select avg(d) from (select ${r.daysToPay} as d ${rowsOf(referrerId, "share-received")}
    order by ${r.daysToPay} limit 2 - (${count} % 2) offset (${count} - 1) / 2))`;
}

/** Recounts a referrer's confirmed-outcome figures (one UPDATE, for the step's batch). */
export function recountOutcomes(db: Db, referrerId: string) {
  const set = (column: Column, value: SQL) => sql`${columnName(column)} = ${value}`;
  return statement(
    db,
    sql`update ${users} set
    ${set(
      users.confirmedSuccesses,
      sql`(select count(*) ${rowsOf(referrerId, "bonus-received")}
      and exists (select 1 from ${applicationOutcomes} ${p} where ${p.applicationId} = ${r.applicationId} and ${p.step} = 'bonus-posted'))`,
    )},
    ${set(
      users.sharesPromised,
      sql`(select count(*) ${rowsOf(referrerId, "bonus-posted")}
      and (select ${a.promisedSharePercent} from ${applications} ${a} where ${a.id} = ${r.applicationId}) > 0)`,
    )},
    ${set(users.sharesPaid, sql`(select count(*) ${rowsOf(referrerId, "share-received")})`)},
    ${set(users.medianDaysToPay, medianDaysToPay(referrerId))},
    ${set(users.openDisputes, sql`(select count(*) ${rowsOf(referrerId, "share-not-received")} and ${r.closedAt} is null)`)},
    ${set(users.disputesUpheld, sql`(select count(*) ${rowsOf(referrerId, "share-not-received")} and ${r.decision} = 'upheld')`)}
    where ${users.id} = ${referrerId}`,
  );
}

const s = alias(applicationOutcomes, "s");

/** How far an application had gone, for a comment written now: 'share', 'bonus' or 'applied'. */
export function reviewStageSql(applicationId: string) {
  const has = (steps: string[]) =>
    sql`exists (select 1 from ${applicationOutcomes} ${s} where ${s.applicationId} = ${applicationId} and ${s.step} in ${steps})`;
  return sql<ReviewStage>`(case when ${has(["share-received"])} then 'share'
    when ${has(["bonus-posted", "bonus-received"])} then 'bonus' else 'applied' end)`;
}
