import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginWithPassword } from "~/modules/auth/accounts.server";
import { toApiUser } from "~/modules/auth/present";
import { LoginSchema } from "~/modules/auth/schemas";
import { apiRoute, apiSuccess, parseJsonBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/request-meta.server";
import { getServices } from "~/utils/services.server";

/** Returns the bearer token for API clients; browsers sign in through /auth and get a cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const input = await parseJsonBody(request, LoginSchema);
    const { user, session, message } = await loginWithPassword(getServices(context), input, requestMeta(request));
    return apiSuccess({ token: session.token, message, user: { ...toApiUser(user), token: session.token } });
  });
}
