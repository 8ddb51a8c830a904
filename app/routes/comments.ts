import { formResource, intent } from "~/http/form-action.server";
import { addComment } from "~/modules/comments/add-comment.server";
import { confirmRating } from "~/modules/comments/confirm-rating.server";
import {
  COMMENT_MESSAGES,
  ConfirmRatingFormSchema,
  FollowUpFormSchema,
  fromForm,
  ReplyFormSchema,
  ReviewFormSchema,
} from "~/modules/comments/schemas";

/** One of the three comment forms: the domain decides who may write it; success is its spec text. */
function commentIntent(
  schema: typeof ReviewFormSchema | typeof ReplyFormSchema | typeof FollowUpFormSchema,
  unexpectedMessage: string,
) {
  return intent.member({
    schema,
    unexpectedMessage,
    async run({ ctx, value }) {
      const { message } = await addComment(ctx, fromForm(value));
      return { message };
    },
  });
}

/**
 * POST /comments: `intent` review | reply | follow-up | confirm-rating with referralId, originalCommentId?, rating?,
 * ratingUpdated?, comment and redirectTo (docs/product.md#reviews). A browser's plain post comes
 * back to redirectTo with the spec's toast; a fetcher gets the data to show beside the form.
 */
export const action = formResource({
  access: "member",
  backTo: "/dashboard/my-applications",
  signInMessage: COMMENT_MESSAGES.loginRequired,
  intents: {
    review: commentIntent(ReviewFormSchema, COMMENT_MESSAGES.reviewFailed),
    reply: commentIntent(ReplyFormSchema, COMMENT_MESSAGES.replyFailed),
    "follow-up": commentIntent(FollowUpFormSchema, COMMENT_MESSAGES.followUpFailed),
    // The rating confirmed after the outcome (docs/decisions/175): from then on it counts.
    "confirm-rating": intent.member({
      schema: ConfirmRatingFormSchema,
      unexpectedMessage: COMMENT_MESSAGES.confirmFailed,
      async run({ ctx, value }) {
        const { message } = await confirmRating(ctx, { applicationId: value.applicationId, rating: value.rating });
        return { message };
      },
    }),
  },
});
export const loader = action;
