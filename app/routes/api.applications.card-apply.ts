import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listMyApplications } from "~/modules/applications/applications.server";
import { parseStatusFilter } from "~/modules/applications/status";
import { cardApplyAction } from "~/modules/referrals/api.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { decodeCreatedCursor } from "~/utils/keyset";
import { getServices } from "~/utils/services.server";

/** GET card-apply: the caller's own applications (`?status=pending|completed`, `?cursor=` for the next page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const query = new URL(request.url).searchParams;
    const result = await listMyApplications(getServices(context).db, user, {
      filter: parseStatusFilter(query.get("status")),
      cursor: decodeCreatedCursor(query.get("cursor")),
    });
    return apiSuccess(result);
  });
}

/** POST card-apply {referralId, cardId, userId}: apply through a referral (the referrals issue). */
export const action = cardApplyAction;
