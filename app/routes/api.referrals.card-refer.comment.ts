import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { addComment } from "~/modules/comments/comments.server";
import { CommentApiSchema } from "~/modules/comments/schemas";
import { apiRoute, apiSuccess, assertSelf, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/**
 * POST {referralId, comment, commentType, originalCommentId, userId, rating, ratingUpdated}: the
 * same domain function as the POST /comments form. The author is always the signed-in user; a
 * `userId` naming someone else is refused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const { userId, ...input } = await parseJsonBody(request, CommentApiSchema);
    assertSelf(userId || null, user.id, "You can only comment as yourself.");
    const { comment, message } = await addComment(getServices(context).db, user, input);
    return apiSuccess({ message, data: comment }, { status: 201 });
  });
}
