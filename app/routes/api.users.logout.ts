import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/modules/auth/session.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { closeUserConnections, getChatServices } from "~/modules/chats/chats.server";
import { getOptionalUser, shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/**
 * Ends the session behind the bearer token or cookie and closes the user's realtime sockets;
 * signing out twice is not an error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const token = readSessionToken(request);
    const user = await getOptionalUser(request, context);
    if (token) await deleteSession(getServices(context).db, token.token);
    if (user) await closeUserConnections(getChatServices(context), user.id);
    return apiSuccess(
      { message: "Logged out" },
      { headers: { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) } },
    );
  });
}
