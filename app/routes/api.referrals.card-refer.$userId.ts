import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeople, withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { updateReferral } from "~/modules/referrals/edit.server";
import { referralSchemaFor } from "~/modules/referrals/referrals.server";
import { listUserReferrals } from "~/modules/referrals/user-referrals.server";
import { ReferralInputSchema } from "~/modules/referrals/schemas";

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
  // The same URL names a referral for PUT (docs/product.md#paths): the segment is its id.
  PUT: endpoint({
    summary: "Edit a referral (its owner)",
    description:
      "The whole referral as for creating it (the rules and messages of POST .../generate), its " +
      "`creditCardId` the referral's own card, which cannot change. 403 for anyone but its referrer " +
      "and for a referral an admin took down.",
    access: "member",
    params: z.object({ userId: z.string().describe("The referral's id") }),
    body: ReferralInputSchema,
    bodyFor: referralSchemaFor,
    response: z.object({ message: z.string(), data: ApiReferralSchema }),
    errors: [403, 404],
    async run({ ctx, params, body }) {
      const { message, data } = await updateReferral(ctx, { referralId: params.userId, draft: body });
      return { message, data: await withPeopleOne(ctx, data) };
    },
  }),
});
export const action = loader;
