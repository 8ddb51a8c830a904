import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/modules/auth/session.server";
import { closeUserConnections, getChatServices } from "~/modules/chats/chats.server";
import { getOptionalUser, shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** Sign out: ends the server session and the user's realtime sockets, clears the cookie, goes to /auth. */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request);
  const user = await getOptionalUser(request, context);
  if (token) await deleteSession(getServices(context).db, token.token);
  if (user) await closeUserConnections(getChatServices(context), user.id);
  return redirect("/auth", {
    headers: { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) },
  });
}

export function loader() {
  return redirect("/");
}
