import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { getReferral } from "~/modules/referrals/referrals.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "One referral",
    description: "Hidden (404) when its card is inactive or its referrer deactivated, except from its owner.",
    access: "member",
    params: z.object({ id: z.string() }),
    response: z.object({ data: ApiReferralSchema }),
    async run({ ctx, params }) {
      const referral = await getReferral(ctx, { id: params.id });
      return { data: await withPeopleOne(ctx, referral) };
    },
  }),
});
export const action = loader;
