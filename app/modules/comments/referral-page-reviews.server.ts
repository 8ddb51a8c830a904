/**
 * The reviews a referral's pages show (docs/decisions/175), one reader for both: the member's
 * referral page (/apply/{id}) and the shared one (/r/{code}). Its own reviews, or the referrer's
 * latest from their other referrals while it has none (labelled so), so a new referral is not read
 * as "no reviews" and both pages agree on which reviews they show.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { comments, referrals } from "../../../db/schema";
import type { Actor } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { threadsWhere } from "./comments.server";
import { groupThreads, type ApiComment } from "./thread";

/** How many of the referrer's other reviews a referral page without its own shows. */
export const OTHER_REVIEWS_SHOWN = 5;

/**
 * A referral page's reviews with their replies and follow-ups: its own newest (`limit`, else a
 * page of them), or, when it has none yet, the referrer's latest from their other referrals
 * (`own: false`; `limit`, else OTHER_REVIEWS_SHOWN). Names are masked for `ctx.actor` (a visitor
 * when null).
 */
export async function referralPageReviews(
  ctx: Pick<Ctx, "db"> & { actor: Pick<Actor, "id"> | null },
  input: { referralId: string; limit?: number },
) {
  const viewerId = ctx.actor?.id ?? null;
  const own = await threadsWhere(ctx.db, eq(comments.referralId, input.referralId), viewerId, undefined, input.limit);
  if (own.some((comment) => comment.commentType === "applicantToReferrer")) return { own: true, comments: own };
  const siblings = ctx.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, sql`(select r.referrer_id from referrals r where r.id = ${input.referralId})`),
        sql`${referrals.id} <> ${input.referralId}`,
      ),
    );
  const others = await threadsWhere(
    ctx.db,
    inArray(comments.referralId, siblings),
    viewerId,
    undefined,
    input.limit ?? OTHER_REVIEWS_SHOWN,
  );
  return { own: false, comments: others };
}

/**
 * The reviews alone, newest first, as a visitor's page lists them (/r/{code}): the rating shown now
 * (the thread's current one), the text, the date and the review's mark; never the reviewer's name.
 */
export function reviewSummaries(threads: readonly ApiComment[]) {
  return groupThreads(threads).map(({ review, currentRating }) => ({
    id: review._id,
    currentRating,
    rating: review.rating,
    confirmedRating: review.confirmedRating,
    verifiedOutcome: review.verifiedOutcome,
    stage: review.stage,
    comment: review.comment,
    createdAt: review.createdAt,
  }));
}
