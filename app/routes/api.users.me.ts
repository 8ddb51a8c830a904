import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toApiUser } from "~/modules/auth/present";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

/** The signed-in user; a 401 tells the spec's client to go to /auth. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = toApiUser(await requireApiUser(request, context));
    return apiSuccess({ data: user, user });
  });
}
