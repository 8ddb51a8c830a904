import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/modules/auth/session.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** Ends the session behind the bearer token or cookie; signing out twice is not an error. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const token = readSessionToken(request);
    if (token) await deleteSession(getServices(context).db, token.token);
    return apiSuccess(
      { message: "Logged out" },
      { headers: { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) } },
    );
  });
}
