import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listReferralComments } from "~/modules/comments/comments.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/**
 * A referral's reviews with their replies and follow-ups, oldest first (newest 50 reviews;
 * `?before=<ISO time>` for older ones).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const before = new URL(request.url).searchParams.get("before");
    const beforeDate = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : undefined;
    return apiSuccess({
      data: await listReferralComments(getServices(context).db, params.referralId ?? "", user.id, beforeDate),
    });
  });
}
