import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listApplicationComments } from "~/modules/comments/comments.server";
import { ApiCommentSchema } from "~/modules/comments/thread";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "An application's thread",
    description:
      "Its applicant's review of the referral and the responses: for the applicant, the referrer or an admin.",
    access: "member",
    params: z.object({ applicationId: z.string() }),
    response: z.object({ data: z.array(ApiCommentSchema) }),
    errors: [403],
    run: async ({ ctx, params }) => ({
      data: await listApplicationComments(ctx, params),
    }),
  }),
});
export const action = loader;
