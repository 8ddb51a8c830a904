import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPublicProfile } from "~/modules/users/profile.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** A public profile with the owner's privacy switches applied (open to visitors, as the page is). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const viewer = await getOptionalUser(request, context);
    const profile = await getPublicProfile(getServices(context), params.id ?? "", viewer?.id ?? null);
    return apiSuccess({ data: profile });
  });
}
