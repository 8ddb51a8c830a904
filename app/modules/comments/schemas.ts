/**
 * Comment inputs (docs/product.md#reviews, #comment-texts): one set of field rules shared by the forms (conform on
 * the client and in POST /comments) and by POST /api/referrals/card-refer/comment.
 */
import { z } from "zod";
import { optionalText } from "~/utils/zod-fields";
import { INVALID_REFERRAL } from "~/utils/messages";

export const COMMENT_MAX_LENGTH = 2000;

export const COMMENT_MESSAGES = {
  ratingRequired: "Please select a rating before submitting",
  ratingRange: "Rating must be between 1 and 5",
  replyRequired: "Please enter a reply",
  followUpRequired: "Please enter a comment",
  tooLong: "Comments can be at most 2,000 characters",
  loginRequired: "You must be logged in to submit a review",
  invalidReferral: INVALID_REFERRAL,
  notAllowed: "You are not allowed to see these comments.",
  emptyReview: "This user did not leave a comment",
  reviewSubmitted: "Review submitted successfully!",
  reviewFailed: "Unable to submit review. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again.",
  replyAdded: "Reply added successfully",
  replyFailed: "Failed to add reply",
  followUpAdded: "Follow-up comment added successfully",
  followUpFailed: "Failed to add follow-up comment",
  notAnApplicant: "Only applicants who applied through this referral can review it.",
  alreadyReviewed: "You have already reviewed this referral.",
  notReferrer: "Only the referrer can reply to this review.",
  notAuthor: "You can only follow up on your own review.",
  notAReview: "Replies and follow-ups belong to a review.",
  commentNotFound: "Comment not found",
  applicationNotFound: "Application not found",
  confirmFailed: "Your rating could not be confirmed. Please try again.",
} as const;

const referralId = z
  .string({ error: COMMENT_MESSAGES.invalidReferral })
  .trim()
  .min(1, COMMENT_MESSAGES.invalidReferral)
  .max(64, COMMENT_MESSAGES.invalidReferral);
const originalCommentId = z
  .string({ error: COMMENT_MESSAGES.commentNotFound })
  .trim()
  .min(1, COMMENT_MESSAGES.commentNotFound)
  .max(64, COMMENT_MESSAGES.commentNotFound);
/**
 * 1 to 5. Absent asks for a rating (the spec's words); anything else that is not one of them (the
 * string "5", 1e308, the Infinity that 400 digits parse to) gets the range, never zod's own text.
 */
const rating = z
  .number({ error: (issue) => (issue.input == null ? COMMENT_MESSAGES.ratingRequired : COMMENT_MESSAGES.ratingRange) })
  .min(1, COMMENT_MESSAGES.ratingRequired)
  .max(5, COMMENT_MESSAGES.ratingRange)
  .int(COMMENT_MESSAGES.ratingRange);
/** Free text, kept as typed apart from surrounding space; plain text, rendered inert. */
const text = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong);
/** A review may be left empty; it then reads 'This user did not leave a comment'. */
const reviewText = optionalText(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong).transform(
  (value) => value || COMMENT_MESSAGES.emptyReview,
);

/** API clients send `rating: 0` or null for "no rating"; treat those as absent. */
const optionalRating = z.preprocess((value) => (value === 0 || value === null ? undefined : value), rating.optional());

const reviewFields = { referralId, rating, comment: reviewText };
const replyFields = { referralId, originalCommentId, comment: text(COMMENT_MESSAGES.replyRequired) };
const followUpFields = {
  referralId,
  originalCommentId,
  comment: text(COMMENT_MESSAGES.followUpRequired),
  ratingUpdated: z.boolean().optional().default(false),
  rating: optionalRating,
};

/** An updated rating must be given when the follow-up says it updates the rating. */
function ratingWhenUpdated(value: { ratingUpdated: boolean; rating?: number }, ctx: z.RefinementCtx) {
  if (value.ratingUpdated && value.rating === undefined) {
    ctx.addIssue({ code: "custom", path: ["rating"], message: COMMENT_MESSAGES.ratingRequired });
  }
}

export const ReviewFormSchema = z.object({ intent: z.literal("review"), ...reviewFields });
export const ReplyFormSchema = z.object({ intent: z.literal("reply"), ...replyFields });
export const FollowUpFormSchema = z
  .object({ intent: z.literal("follow-up"), ...followUpFields })
  .superRefine(ratingWhenUpdated);

/**
 * The applicant confirms or changes their review's rating once the application has its outcome
 * (docs/decisions/175): POST /api/applications/card-apply/{id}/rating takes this body.
 */
export const ConfirmRatingSchema = z.object({ rating });

/** POST /comments `confirm-rating`: the same, with the application in a hidden field. */
export const ConfirmRatingFormSchema = ConfirmRatingSchema.extend({
  intent: z.literal("confirm-rating"),
  applicationId: z
    .string({ error: COMMENT_MESSAGES.applicationNotFound })
    .trim()
    .min(1, COMMENT_MESSAGES.applicationNotFound)
    .max(64, COMMENT_MESSAGES.applicationNotFound),
});

/** POST /comments: the three forms, told apart by `intent`. */
export const CommentFormSchema = z.discriminatedUnion("intent", [
  ReviewFormSchema,
  ReplyFormSchema,
  FollowUpFormSchema,
]);

/** POST /api/referrals/card-refer/comment: the spec's payload, told apart by `commentType`. */
export const CommentApiSchema = z
  .discriminatedUnion("commentType", [
    z.object({ commentType: z.literal("applicantToReferrer"), ...reviewFields }),
    z.object({ commentType: z.literal("referrerReply"), ...replyFields }),
    z.object({ commentType: z.literal("followUpComment"), ...followUpFields }).superRefine(ratingWhenUpdated),
  ])
  .and(z.object({ userId: z.string().nullish() }));

/** What the comments domain takes, whichever door it came in by. */
export type CommentInput =
  | { commentType: "applicantToReferrer"; referralId: string; rating: number; comment: string }
  | { commentType: "referrerReply"; referralId: string; originalCommentId: string; comment: string }
  | {
      commentType: "followUpComment";
      referralId: string;
      originalCommentId: string;
      comment: string;
      ratingUpdated: boolean;
      rating?: number;
    };

const INTENT_TYPES = {
  review: "applicantToReferrer",
  reply: "referrerReply",
  "follow-up": "followUpComment",
} as const;

/** The domain input of a parsed form. */
export function fromForm(value: z.infer<typeof CommentFormSchema>): CommentInput {
  const { intent, ...rest } = value;
  return { commentType: INTENT_TYPES[intent], ...rest } as CommentInput;
}
