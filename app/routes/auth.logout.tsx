import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOut } from "~/utils/auth.server";

/** Sign out: ends the server session and the user's realtime sockets, clears the cookie, goes to /auth. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/auth", { headers: { "Set-Cookie": await signOut(request, context) } });
}

export function loader() {
  return redirect("/");
}
