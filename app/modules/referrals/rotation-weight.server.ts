/**
 * The weight of a referral in the fair rotation (docs/decisions/020, 170), in TypeScript and, the
 * same, in SQL for the scheduled re-draw. Its own module, apart from the rotation's slots and the
 * search, so the formula can change without touching either.
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { referrals, users } from "../../../db/schema";
import { STALE_AFTER_DAYS } from "./present-health";

/** A stale link's weight (STALE_AFTER_DAYS, present.ts) is quartered: it still shows, after fresher ones. */
export const STALE_FACTOR = 0.25;

export interface WeightInput {
  /** The mean of the verified reviews (docs/decisions/175) and how many there are. */
  rating: number | null;
  verifiedReviewCount: number;
  /** The referrer's applications whose bonus both sides confirmed (users.confirmed_successes). */
  confirmedSuccesses: number;
  /** Shares owed (bonus posted with a share promised) and those the applicant confirmed received. */
  sharesPromised: number;
  sharesPaid: number;
  openDisputes: number;
  stale?: boolean;
}

/**
 * 1 for a newcomer, up to 3 for a well-reviewed referrer with confirmed successes. Reputation counts
 * (rating - 1) / 4, damped by verified_review_count / (that + 5) so a single 5-star review is worth
 * little; confirmed successes count up to 10 (the applicant's own 'Successful' no longer does).
 * A referrer who owes shares is scaled by (paid + 1) / (owed + 1), and halved per open dispute,
 * so unpaid promises sink them without ever reaching 0: nobody is starved.
 */
export function rotationWeight(input: WeightInput) {
  const reputation =
    input.rating == null ? 0 : ((input.rating - 1) / 4) * (input.verifiedReviewCount / (input.verifiedReviewCount + 5));
  const base = 1 + reputation + Math.min(input.confirmedSuccesses, 10) / 10;
  const paying = (input.sharesPaid + 1) / (input.sharesPromised + 1) / (1 + input.openDisputes);
  return base * paying * (input.stale ? STALE_FACTOR : 1);
}

/** The same weight in SQL, for a referrals row (its referrer looked up by primary key), parenthesised whole. */
const u = alias(users, "u");
export const WEIGHT_SQL = sql`(coalesce((SELECT
    (1 + CASE WHEN ${u.rating} IS NULL THEN 0
              ELSE ((${u.rating} - 1) / 4.0) * (${u.verifiedReviewCount} / (${u.verifiedReviewCount} + 5.0)) END
       + min(${u.confirmedSuccesses}, 10) / 10.0)
    * ((${u.sharesPaid} + 1.0) / (${u.sharesPromised} + 1.0)) / (1.0 + ${u.openDisputes})
    FROM ${users} ${u} WHERE ${u.id} = ${referrals.referrerId}), 1)
  * (CASE WHEN coalesce(${referrals.linkConfirmedAt}, ${referrals.createdAt})
               < CAST(strftime('%s', 'now') AS INTEGER) * 1000 - ${STALE_AFTER_DAYS} * 86400000
          THEN ${STALE_FACTOR} ELSE 1 END))`;
