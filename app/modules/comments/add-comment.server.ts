/**
 * Adding a review, a referrer reply or a follow-up (docs/product.md#reviews, #comment-texts: reviews
 * are tied to an application). Every write of a review or a rating recomputes the referrer's
 * reputation in the same db.batch, so the two never disagree.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { createId } from "../../../db/id";
import { applications, comments, type CommentType } from "../../../db/schema";
import { recomputeReferrerRating } from "~/modules/reputation/rating.server";
import { reviewStageSql } from "~/modules/outcomes/counters.server";
import { requireActor } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { findReferral, loadComments, type MemberCtx } from "./comments.server";
import { COMMENT_MESSAGES, type CommentInput } from "./schemas";

const SUCCESS_MESSAGES: Record<CommentType, string> = {
  applicantToReferrer: COMMENT_MESSAGES.reviewSubmitted,
  referrerReply: COMMENT_MESSAGES.replyAdded,
  followUpComment: COMMENT_MESSAGES.followUpAdded,
};

/** The review a reply or follow-up answers; it must be a review on the same referral. */
async function findReview(db: Db, referralId: string, originalCommentId: string) {
  const review = await db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      referralId: comments.referralId,
      commentType: comments.commentType,
      applicationId: comments.applicationId,
    })
    .from(comments)
    .where(eq(comments.id, originalCommentId))
    .get();
  if (!review) throw new DomainError(404, COMMENT_MESSAGES.commentNotFound);
  if (review.referralId !== referralId) {
    throw new DomainError(400, COMMENT_MESSAGES.invalidReferral, { referralId: COMMENT_MESSAGES.invalidReferral });
  }
  if (review.commentType !== "applicantToReferrer") throw new DomainError(400, COMMENT_MESSAGES.notAReview);
  return review;
}

/** The stage an applicant's comment takes from their application's outcome (ADR 170). */
function outcomeMarks(applicationId: string) {
  return { stage: reviewStageSql(applicationId) };
}

/**
 * Adds a review, a reply or a follow-up as the acting member, enforcing who may write what:
 * - a review: only an applicant with an application for the referral, once, rated 1-5;
 * - a reply: only the referral's owner, to a review of that referral;
 * - a follow-up: only the review's author, optionally replacing the rating.
 */
export async function addComment(ctx: MemberCtx, input: CommentInput) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const referral = await findReferral(db, input.referralId);
  const id = createId();
  const now = new Date();
  const base = {
    id,
    referralId: referral.id,
    authorId: actor.id,
    comment: input.comment,
    createdAt: now,
    updatedAt: now,
  };

  if (input.commentType === "applicantToReferrer") {
    const application = await db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.referralId, referral.id), eq(applications.applicantId, actor.id)))
      .get();
    if (!application) throw new DomainError(403, COMMENT_MESSAGES.notAnApplicant);
    try {
      await db.batch([
        db.insert(comments).values({
          ...base,
          applicationId: application.id,
          commentType: "applicantToReferrer",
          rating: input.rating,
          ...outcomeMarks(application.id),
        }),
        recomputeReferrerRating(db, referral.referrerId),
      ]);
    } catch (error) {
      // The partial unique index is the guard that holds even for two reviews sent at once.
      if (isUniqueViolation(error)) throw new DomainError(409, COMMENT_MESSAGES.alreadyReviewed);
      throw error;
    }
  } else if (input.commentType === "referrerReply") {
    const review = await findReview(db, referral.id, input.originalCommentId);
    if (referral.referrerId !== actor.id) throw new DomainError(403, COMMENT_MESSAGES.notReferrer);
    await db.insert(comments).values({
      ...base,
      applicationId: review.applicationId,
      commentType: "referrerReply",
      originalCommentId: review.id,
    });
  } else {
    const review = await findReview(db, referral.id, input.originalCommentId);
    if (review.authorId !== actor.id) throw new DomainError(403, COMMENT_MESSAGES.notAuthor);
    const ratingUpdated = input.ratingUpdated && input.rating !== undefined;
    await db.batch([
      db.insert(comments).values({
        ...base,
        applicationId: review.applicationId,
        commentType: "followUpComment",
        originalCommentId: review.id,
        rating: ratingUpdated ? input.rating : null,
        ratingUpdated,
        ...(review.applicationId ? outcomeMarks(review.applicationId) : {}),
      }),
      recomputeReferrerRating(db, referral.referrerId),
    ]);
  }
  const [created] = await loadComments(db, eq(comments.id, id), actor.id);
  return { comment: created, message: SUCCESS_MESSAGES[input.commentType] };
}
