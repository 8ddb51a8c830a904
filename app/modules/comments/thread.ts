/**
 * The JSON shape of a comment (docs/product.md#reviews) and how a flat list becomes threads:
 * each review followed by its replies and follow-ups. Pure, safe in the browser.
 */
import { z } from "zod";
import { COMMENT_TYPES, REVIEW_STAGES, type ReviewStage } from "../../../db/enums";

export const CommentPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  /** Masked when the person hides their full name. */
  firstName: z.string(),
  /** The display name, masked the same way. */
  name: z.string(),
  profileImage: z.string().nullable(),
});
export type CommentPerson = z.infer<typeof CommentPersonSchema>;

/** A comment in /api answers and on pages (the /api contract: the OpenAPI document is made from it). */
export const ApiCommentSchema = z.object({
  _id: z.string(),
  comment: z.string(),
  rating: z.number().int().nullable(),
  ratingUpdated: z.boolean(),
  createdAt: z.string(),
  commentType: z.enum(COMMENT_TYPES),
  /** The review's author (for a reply: the author of the review replied to). */
  applicant: CommentPersonSchema,
  /** The referral's owner. */
  referrer: CommentPersonSchema,
  originalComment: z.object({ _id: z.string() }).nullable(),
  originalCommentId: z.string().nullable(),
  hasReferrerReply: z.boolean(),
  referralId: z.string(),
  applicationId: z.string().nullable(),
  /** The author of this comment. */
  userId: z.string(),
  /** How far the author's application had gone when it was written (docs/decisions/170). */
  stage: z.enum(REVIEW_STAGES),
  /** The applicant's comment on an outcome both sides confirmed: it weighs 3 in the rating. */
  verifiedOutcome: z.boolean(),
});
export type ApiComment = z.infer<typeof ApiCommentSchema>;

/** How a review's stage reads beside it. */
export const REVIEW_STAGE_LABELS: Record<ReviewStage, string> = {
  applied: "After applying",
  bonus: "After the bonus",
  share: "After the share",
};

export interface CommentThreadData {
  review: ApiComment;
  /** The rating that counts now: the latest rating follow-up's, else the review's. */
  currentRating: number | null;
  responses: ApiComment[];
}

/** Groups a flat list (oldest first) into review threads, newest review first. */
export function groupThreads(comments: readonly ApiComment[]): CommentThreadData[] {
  const threads = new Map<string, CommentThreadData>();
  for (const comment of comments) {
    if (comment.commentType === "applicantToReferrer") {
      threads.set(comment._id, { review: comment, currentRating: comment.rating, responses: [] });
    }
  }
  for (const comment of comments) {
    const thread = comment.originalCommentId ? threads.get(comment.originalCommentId) : undefined;
    if (!thread || comment.commentType === "applicantToReferrer") continue;
    thread.responses.push(comment);
    if (comment.commentType === "followUpComment" && comment.ratingUpdated && comment.rating) {
      thread.currentRating = comment.rating;
    }
  }
  return [...threads.values()].sort((a, b) => b.review.createdAt.localeCompare(a.review.createdAt));
}
