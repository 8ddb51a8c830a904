/**
 * The JSON shape of a comment (spec section 3, Comment) and how a flat list becomes threads:
 * each review followed by its replies and follow-ups. Pure, safe in the browser.
 */
import type { CommentType } from "../../../db/schema";

export interface CommentPerson {
  _id: string;
  username: string;
  /** Masked when the person hides their full name. */
  firstName: string;
  /** The display name, masked the same way. */
  name: string;
  profileImage: string | null;
}

export interface ApiComment {
  _id: string;
  comment: string;
  rating: number | null;
  ratingUpdated: boolean;
  createdAt: string;
  commentType: CommentType;
  /** The review's author (for a reply: the author of the review replied to). */
  applicant: CommentPerson;
  /** The referral's owner. */
  referrer: CommentPerson;
  originalComment: { _id: string } | null;
  originalCommentId: string | null;
  hasReferrerReply: boolean;
  referralId: string;
  applicationId: string | null;
  /** The author of this comment. */
  userId: string;
}

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
