import { z } from "zod";
import { assertSelf } from "~/core/actor";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { addComment } from "~/modules/comments/add-comment.server";
import { CommentApiSchema } from "~/modules/comments/schemas";
import { ApiCommentSchema } from "~/modules/comments/thread";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Review a referrer, reply to a review or follow up on one's review",
    description:
      "The same rules as the POST /comments form (docs/product.md#reviews). The author is always the " +
      "caller: a `userId` naming someone else is a 403.",
    access: "member",
    body: CommentApiSchema,
    response: z.object({ message: z.string(), data: ApiCommentSchema }),
    status: 201,
    errors: [403, 404, 409],
    async run({ ctx, user, body }) {
      const { userId, ...input } = body;
      assertSelf(userId, user.id, "You can only comment as yourself.");
      const { comment, message } = await addComment(ctx, input);
      return { message, data: comment };
    },
  }),
});
export const action = loader;
