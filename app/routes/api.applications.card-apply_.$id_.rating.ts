import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listApplicationComments } from "~/modules/comments/comments.server";
import { confirmRating } from "~/modules/comments/confirm-rating.server";
import { ConfirmRatingSchema } from "~/modules/comments/schemas";
import { ApiCommentSchema } from "~/modules/comments/thread";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Confirm or change one's rating after the outcome",
    description:
      "The applicant only (403), once the application has its outcome: the bonus received, denied or cancelled " +
      "(409 before). The rating given on applying is a first impression; confirmed (or changed) here, the review " +
      "is verified and counts in the referrer's average (docs/decisions/175). 404 without a review. The same " +
      "rule as the POST /comments `confirm-rating` form; confirming again replaces the confirmed rating.",
    access: "member",
    params: z.object({ id: z.string() }),
    body: ConfirmRatingSchema,
    response: z.object({ message: z.string(), data: ApiCommentSchema }),
    errors: [403, 404, 409],
    async run({ ctx, params, body }) {
      const { message, reviewId } = await confirmRating(ctx, { applicationId: params.id, rating: body.rating });
      const thread = await listApplicationComments(ctx, { applicationId: params.id });
      return { message, data: thread.find((comment) => comment._id === reviewId)! };
    },
  }),
});
export const action = loader;
