import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { slotForVisitor } from "~/modules/referrals/rotation.server";
import { searchReferralsWithPeople } from "~/modules/referrals/people.server";
import { SearchQuerySchema } from "~/modules/referrals/search.server";

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
      // One statement reads the page and its people (issue 20: 2 sequential trips with the session).
      const { data, nextCursor } = await searchReferralsWithPeople(ctx, { ...query, slot });
      return { data, nextCursor, slot };
    },
  }),
});
export const action = loader;
