import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { signOut } from "~/utils/auth.server";

/** Ends the session behind the bearer token or cookie and closes the user's realtime sockets. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () =>
    apiSuccess({ message: "Logged out" }, { headers: { "Set-Cookie": await signOut(request, context) } }),
  );
}
