import { z } from "zod";
import { assertSelf } from "~/core/actor";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { createReferral, referralSchemaFor } from "~/modules/referrals/referrals.server";
import { REFERRAL_MESSAGES, ReferralInputSchema } from "~/modules/referrals/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Create a referral",
    description:
      "For a listed card (`creditCardId`) or, with `creditCardId: 'other'`, a new card (`newCard`) written " +
      "with it. The rules are docs/product.md#referrals; a second active referral for a card is a 409.",
    access: "member",
    body: ReferralInputSchema,
    bodyFor: referralSchemaFor,
    response: z.object({ message: z.string(), data: ApiReferralSchema }),
    status: 201,
    errors: [403, 409],
    async run({ ctx, user, body }) {
      assertSelf(body.referrer, user.id, "You can only create referrals as yourself.", "referrer");
      const referral = await createReferral(ctx, body);
      return { message: REFERRAL_MESSAGES.created, data: await withPeopleOne(ctx, referral) };
    },
  }),
});
export const action = loader;
