import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listApplicationComments } from "~/modules/comments/comments.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** An application's thread (its applicant's review and the responses): applicant, referrer or admin. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    return apiSuccess({
      data: await listApplicationComments(getServices(context).db, user, params.applicationId ?? ""),
    });
  });
}
