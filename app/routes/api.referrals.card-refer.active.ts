import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeople } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { slotForVisitor } from "~/modules/referrals/rotation.server";
import { SearchQuerySchema, searchReferrals } from "~/modules/referrals/search.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Search the listed referrals",
    description:
      "The /apply search (docs/product.md#search): filters, sorts, keyset pages. Without a sort the " +
      "order is the fair rotation; pass the answer's `slot` back to page through the same order.",
    access: "member",
    query: SearchQuerySchema,
    response: z.object({
      data: z.array(ApiReferralSchema),
      nextCursor: z.string().nullable(),
      slot: z.number().int(),
    }),
    async run({ ctx, query }) {
      const slot = query.slot ?? slotForVisitor(Date.now());
      const { data, nextCursor } = await searchReferrals(ctx, { ...query, slot });
      return { data: await withPeople(ctx, data), nextCursor, slot };
    },
  }),
});
export const action = loader;
