/**
 * A referrer's reputation (users.rating, users.review_count): the weighted mean of the current
 * rating of each review of their referrals, where the latest follow-up that updated the rating
 * replaces the review's own, and a review on an outcome both sides confirmed weighs
 * VERIFIED_WEIGHT against 1 for the others (docs/decisions/170). Written as one UPDATE so it can
 * join the comment insert (or the outcome step) in the same batch.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";

/** The current rating of review `r`: its latest rating follow-up, else its own rating. */
const currentRating = sql`coalesce((
  select f.rating from comments f
  where f.original_comment_id = r.id and f.comment_type = 'followUpComment'
    and f.rating_updated = 1 and f.rating is not null
  order by f.created_at desc, f.rowid desc limit 1
), r.rating)`;

/** Reviews of everything the user refers (reviews sit on referrals, referrals on their owner). */
const reviewsOfThisUser = sql`from comments r
  join referrals ref on ref.id = r.referral_id
  where ref.referrer_id = users.id and r.comment_type = 'applicantToReferrer'`;

/** How much more a review on a confirmed outcome counts than a day-one review. */
export const VERIFIED_WEIGHT = 3;

const weight = sql.raw(`(case when r.verified_outcome = 1 then ${VERIFIED_WEIGHT}.0 else 1.0 end)`);

/** The statement recomputing a referrer's rating and review count (batch it with the write). */
export function recomputeReferrerRating(db: Db, referrerId: string) {
  return db
    .update(users)
    .set({
      rating: sql`(select sum(${currentRating} * ${weight}) / sum(${weight}) ${reviewsOfThisUser})`,
      reviewCount: sql`(select count(*) ${reviewsOfThisUser})`,
    })
    .where(eq(users.id, referrerId));
}
