import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listApplicationsByUser } from "~/modules/applications/applications.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { decodeCreatedCursor } from "~/utils/keyset";
import { getServices } from "~/utils/services.server";

/** A user's applications: that user or an admin (`?cursor=` for the next page). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const cursor = decodeCreatedCursor(new URL(request.url).searchParams.get("cursor"));
    return apiSuccess(await listApplicationsByUser(getServices(context).db, user, params.userId ?? "", cursor));
  });
}
