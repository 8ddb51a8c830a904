import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { setReferralActive } from "~/modules/referrals/status.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Reopen one's inactive referral",
    description:
      "Refused for anyone but the owner and for a referral an admin took down (403), and when the " +
      "owner already has an active referral for the card (409).",
    access: "member",
    params: z.object({ id: z.string() }),
    response: z.object({ message: z.string(), data: ApiReferralSchema }),
    errors: [403, 404, 409],
    async run({ ctx, params }) {
      const { message, data } = await setReferralActive(ctx, { referralId: params.id, active: true });
      return { message, data: await withPeopleOne(ctx, data) };
    },
  }),
});
export const action = loader;
