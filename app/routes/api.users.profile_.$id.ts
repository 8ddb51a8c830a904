import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { getReputation } from "~/modules/reputation/reputation.server";
import { ApiProfileSchema, toApiProfile } from "~/modules/users/present";
import { getPublicProfile } from "~/modules/users/profile.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "A member's public profile",
    description:
      "Open to visitors, as the page is. The owner's privacy switches are applied on the server: a hidden " +
      "full name is masked, a hidden email is null, and hidden referrals leave `referralsCount` and " +
      "`successfulReferralsCount` null. Unknown or deactivated users are a 404.",
    access: "anyone",
    params: z.object({ id: z.string() }),
    response: z.object({ data: ApiProfileSchema }),
    async run({ ctx, params }) {
      const profile = await getPublicProfile(ctx, { userId: params.id });
      const reputation = await getReputation(ctx.db, profile._id, { referralsVisible: profile.referralsVisible });
      return { data: toApiProfile(profile, reputation) };
    },
  }),
});
export const action = loader;
