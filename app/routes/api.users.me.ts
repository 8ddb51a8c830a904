import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toApiUser } from "~/modules/auth/present";
import { apiRoute, apiSuccess, DomainError } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";

/** The signed-in user; a 401 tells the spec's client to go to /auth. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await getOptionalUser(request, context);
    if (!user) throw new DomainError(401, "Please sign in to continue.");
    return apiSuccess({ data: toApiUser(user), user: toApiUser(user) });
  });
}
