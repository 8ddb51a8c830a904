/**
 * The JSON shape of a comment (docs/product.md#reviews) and how a flat list becomes threads:
 * each review followed by its replies and follow-ups. Pure, safe in the browser.
 */
import { z } from "zod";
import { COMMENT_TYPES, REVIEW_STAGES } from "../../../db/enums";

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
  /**
   * A review whose applicant confirmed its rating after the outcome (the verified rule,
   * app/modules/reputation/verified.ts): only these count in the referrer's average. Until then
   * `rating` is a first impression. False on replies and follow-ups.
   */
  verifiedOutcome: z.boolean(),
  /** A review: the rating its applicant confirmed or changed after the outcome, and when (null before). */
  confirmedRating: z.number().int().nullable(),
  ratingConfirmedAt: z.string().nullable(),
});
export type ApiComment = z.infer<typeof ApiCommentSchema>;

/** A person as a thread shows them: a link to their profile under the name the viewer may see. */
export type ThreadPerson = Pick<CommentPerson, "_id" | "name">;

/**
 * A comment with what a thread shows (CommentThread, groupThreads): My Referrals reads only this
 * (issue 34); /api's comments are ApiComment, which has all of it.
 */
export type ThreadComment = Pick<
  ApiComment,
  | "_id"
  | "comment"
  | "rating"
  | "ratingUpdated"
  | "createdAt"
  | "commentType"
  | "originalCommentId"
  | "referralId"
  | "userId"
  | "stage"
  | "verifiedOutcome"
  | "confirmedRating"
  | "ratingConfirmedAt"
> & { applicant: ThreadPerson; referrer: ThreadPerson };

export interface CommentThreadData<C extends ThreadComment = ApiComment> {
  review: C;
  /**
   * The rating shown now: the latest rating follow-up's, else the review's; once confirmed, the
   * confirmed one and the follow-ups after it (as rating.server.ts counts it).
   */
  currentRating: number | null;
  responses: C[];
}

/** Groups a flat list (oldest first) into review threads, newest review first. */
export function groupThreads<C extends ThreadComment>(comments: readonly C[]): CommentThreadData<C>[] {
  const threads = new Map<string, CommentThreadData<C>>();
  for (const comment of comments) {
    if (comment.commentType === "applicantToReferrer") {
      threads.set(comment._id, {
        review: comment,
        currentRating: comment.confirmedRating ?? comment.rating,
        responses: [],
      });
    }
  }
  for (const comment of comments) {
    const thread = comment.originalCommentId ? threads.get(comment.originalCommentId) : undefined;
    if (!thread || comment.commentType === "applicantToReferrer") continue;
    thread.responses.push(comment);
    const confirmedAt = thread.review.ratingConfirmedAt;
    const counts = confirmedAt === null || comment.createdAt >= confirmedAt;
    if (comment.commentType === "followUpComment" && comment.ratingUpdated && comment.rating && counts) {
      thread.currentRating = comment.rating;
    }
  }
  return [...threads.values()].sort((a, b) => b.review.createdAt.localeCompare(a.review.createdAt));
}
