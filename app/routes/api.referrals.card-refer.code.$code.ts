import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { getReferral } from "~/modules/referrals/referrals.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "One referral by its public code",
    access: "member",
    params: z.object({ code: z.string() }),
    response: z.object({ data: ApiReferralSchema }),
    async run({ ctx, params }) {
      const referral = await getReferral(ctx, { code: params.code });
      return { data: await withPeopleOne(ctx, referral) };
    },
  }),
});
export const action = loader;
