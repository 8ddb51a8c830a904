import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listReferralComments } from "~/modules/comments/comments.server";
import { ApiCommentSchema } from "~/modules/comments/thread";
import { getReferral } from "~/modules/referrals/referrals.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "A referral's reviews with their replies and follow-ups",
    description:
      "Oldest first, the newest 50 reviews (`before` for older ones). A referral hidden from search " +
      "(inactive card, deactivated referrer) is a 404 here too, as on its page.",
    access: "member",
    params: z.object({ referralId: z.string() }),
    query: z.object({
      before: z
        .string()
        .optional()
        .describe("An ISO time: reviews written before it (a malformed one means the newest)"),
    }),
    response: z.object({ data: z.array(ApiCommentSchema) }),
    async run({ ctx, params, query }) {
      const before = query.before && !Number.isNaN(Date.parse(query.before)) ? new Date(query.before) : undefined;
      const referral = await getReferral(ctx, { id: params.referralId });
      return { data: await listReferralComments(ctx, { referralId: referral._id, before }) };
    },
  }),
});
export const action = loader;
