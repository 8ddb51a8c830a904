import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listReviewsReceived } from "~/modules/comments/comments.server";
import { ApiCommentSchema } from "~/modules/comments/thread";
import { getPublicProfile } from "~/modules/users/profile.server";
import { PRIVATE_CONTENT } from "~/utils/messages";
import { DomainError } from "~/core/errors";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The reviews a member received as a referrer (the profile's Reviews tab)",
    description:
      "Reviews of all their referrals with replies and follow-ups, the newest 50 reviews first; `before` (an ISO " +
      "time, the oldest review's `createdAt`) asks for the next page. A 403 'Private Content' when the member " +
      "hides their referrals, as the page says; names masked per each person's privacy.",
    access: "anyone",
    params: z.object({ id: z.string() }),
    query: z.object({ before: z.iso.datetime({ message: "before must be an ISO time" }).optional() }),
    response: z.object({ data: z.array(ApiCommentSchema) }),
    errors: [403, 404],
    async run({ ctx, params, query }) {
      const profile = await getPublicProfile(ctx, { userId: params.id });
      if (!profile.referralsVisible) throw new DomainError(403, PRIVATE_CONTENT);
      const before = query.before ? new Date(query.before) : undefined;
      return { data: await listReviewsReceived(ctx, { userId: profile._id, before }) };
    },
  }),
});
export const action = loader;
