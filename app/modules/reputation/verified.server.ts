/**
 * The verified-review rule (verified.ts) as SQL, for the average's UPDATE and the comment reads:
 * built from the same OUTCOME_STATUSES, so the two never disagree (a worker test checks them side
 * by side).
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { OUTCOME_STATUSES } from "../../../db/enums";

const outcomeStatuses = sql.join(
  OUTCOME_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** True when the application status (SQL) is one of its outcomes: the same list as `hasOutcome`. */
export function hasOutcomeSql(status: SQL | SQLWrapper) {
  return sql<boolean>`(${status} in (${outcomeStatuses}))`;
}

/** True when the review (its confirmation time and application id, as SQL) is verified. */
export function verifiedReviewSql(review: { ratingConfirmedAt: SQL; applicationId: SQL }) {
  return sql<boolean>`(${review.ratingConfirmedAt} is not null and exists (select 1 from applications va
    where va.id = ${review.applicationId} and ${hasOutcomeSql(sql`va.status`)}))`;
}
