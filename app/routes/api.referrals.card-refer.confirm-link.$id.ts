import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { confirmReferralLink } from "~/modules/referrals/link-health.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Confirm one's referral link still works",
    description:
      "Sets `linkConfirmedAt` to now (a referral not confirmed for 90 days is stale and sinks in the rotation) " +
      "and brings back a referral paused by reports. Owner only (403); not for one an admin took down (403).",
    access: "member",
    params: z.object({ id: z.string() }),
    response: z.object({ message: z.string(), data: ApiReferralSchema }),
    errors: [403, 404, 409],
    async run({ ctx, params }) {
      const { message, data } = await confirmReferralLink(ctx, { referralId: params.id });
      return { message, data: await withPeopleOne(ctx, data) };
    },
  }),
});
export const action = loader;
