import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listReferralComments } from "~/modules/comments/comments.server";
import { getReferral } from "~/modules/referrals/referrals.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/**
 * A referral's reviews with their replies and follow-ups, oldest first (newest 50 reviews;
 * `?before=<ISO time>` for older ones). A referral hidden from search (inactive card, deactivated
 * referrer) is a 404 here too, as on its page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const before = new URL(request.url).searchParams.get("before");
    const beforeDate = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : undefined;
    const services = getServices(context);
    const referral = await getReferral(services, user.id, { id: params.referralId ?? "" });
    return apiSuccess({ data: await listReferralComments(services.db, referral._id, user.id, beforeDate) });
  });
}
