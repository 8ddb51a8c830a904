/**
 * A referrer's reputation (users.rating, review_count, verified_review_count): the mean of the
 * current ratings of their verified reviews only (verified.ts: confirmed by the applicant after the
 * outcome), every review counted, and the verified ones (docs/decisions/175). A verified review's
 * current rating is its latest rating follow-up written after the confirmation, else the confirmed
 * rating. Written as one UPDATE so it joins the write that changes it (a review, a follow-up, a
 * confirmation, a status, an outcome step) in the same batch.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { verifiedReviewSql } from "./verified.server";

/** The current rating of verified review `r`. */
const currentRating = sql`coalesce((
  select f.rating from comments f
  where f.original_comment_id = r.id and f.comment_type = 'followUpComment'
    and f.rating_updated = 1 and f.rating is not null and f.created_at >= r.rating_confirmed_at
  order by f.created_at desc, f.rowid desc limit 1
), r.confirmed_rating)`;

/** Reviews of everything the user refers (reviews sit on referrals, referrals on their owner). */
const reviewsOfThisUser = sql`from comments r
  join referrals ref on ref.id = r.referral_id
  where ref.referrer_id = users.id and r.comment_type = 'applicantToReferrer'`;

const verified = verifiedReviewSql({
  ratingConfirmedAt: sql`r.rating_confirmed_at`,
  applicationId: sql`r.application_id`,
});

/** The statement recomputing a referrer's rating and review counts (batch it with the write). */
export function recomputeReferrerRating(db: Db, referrerId: string) {
  return db
    .update(users)
    .set({
      rating: sql`(select avg(${currentRating}) ${reviewsOfThisUser} and ${verified})`,
      reviewCount: sql`(select count(*) ${reviewsOfThisUser})`,
      verifiedReviewCount: sql`(select count(*) ${reviewsOfThisUser} and ${verified})`,
    })
    .where(eq(users.id, referrerId));
}
