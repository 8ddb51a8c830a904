import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { withPeopleOne } from "~/modules/referrals/people.server";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { setReferralActive } from "~/modules/referrals/status.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Mark one's referral inactive",
    description:
      "It leaves the search; the owner may reopen it. Anyone else is refused (403); one held for an admin's review is refused (409) until the review or an edit to a listed link.",
    access: "member",
    params: z.object({ id: z.string() }),
    response: z.object({ message: z.string(), data: ApiReferralSchema }),
    errors: [403, 404, 409],
    async run({ ctx, params }) {
      const { message, data } = await setReferralActive(ctx, { referralId: params.id, active: false });
      return { message, data: await withPeopleOne(ctx, data) };
    },
  }),
});
export const action = loader;
