import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deleteApplication, getApplication, updateApplicationStatus } from "~/modules/applications/applications.server";
import { StatusUpdateSchema } from "~/modules/applications/status";
import { apiRoute, apiSuccess, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** GET: the applicant, the referrer or an admin may read an application. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    return apiSuccess({ data: await getApplication(getServices(context).db, user, params.id ?? "") });
  });
}

/** PUT {status} and DELETE: the applicant only. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const { db } = getServices(context);
    if (request.method === "DELETE") return apiSuccess(await deleteApplication(db, user, params.id ?? ""));
    const { status } = await parseJsonBody(request, StatusUpdateSchema);
    const { message, data } = await updateApplicationStatus(db, user, params.id ?? "", status);
    return apiSuccess({ message, data });
  });
}
