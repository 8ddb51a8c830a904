import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/modules/auth/session.server";
import { shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** Sign out: ends the server session, clears the cookie, goes to /auth. */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request);
  if (token) await deleteSession(getServices(context).db, token.token);
  return redirect("/auth", {
    headers: { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) },
  });
}

export function loader() {
  return redirect("/");
}
