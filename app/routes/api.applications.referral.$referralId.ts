import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listApplicationsByReferral } from "~/modules/applications/applications.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { decodeCreatedCursor } from "~/utils/keyset";
import { getServices } from "~/utils/services.server";

/** A referral's applications: the referral's owner or an admin (`?cursor=` for the next page). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const cursor = decodeCreatedCursor(new URL(request.url).searchParams.get("cursor"));
    return apiSuccess(await listApplicationsByReferral(getServices(context).db, user, params.referralId ?? "", cursor));
  });
}
