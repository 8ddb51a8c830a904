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
    async run({ ctx, user, params }) {
      const referral = await getReferral(ctx, user.id, { code: params.code });
      return { data: await withPeopleOne(ctx.db, user, referral) };
    },
  }),
});
export const action = loader;
