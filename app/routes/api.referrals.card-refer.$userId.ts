import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeople } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { listUserReferrals } from "~/modules/referrals/referrals.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "A user's referrals",
    description:
      "Newest first, 50 a page. The owner sees their inactive referrals too; others see active ones, " +
      "and a 403 'Private Content' when the owner hides their referrals.",
    access: "member",
    params: z.object({ userId: z.string() }),
    query: z.object({ cursor: z.string().optional().describe("nextCursor of the previous page") }),
    response: z.object({
      data: z.array(ApiReferralSchema.extend({ commentsCount: z.number().int() })),
      nextCursor: z.string().nullable(),
    }),
    errors: [403],
    async run({ ctx, params, query }) {
      const page = await listUserReferrals(ctx, { userId: params.userId, cursor: query.cursor });
      return { data: await withPeople(ctx, page.data), nextCursor: page.nextCursor };
    },
  }),
});
export const action = loader;
