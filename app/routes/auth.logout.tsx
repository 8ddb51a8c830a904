import { z } from "zod";
import { formResource, intent, redirectTo } from "~/http/form-action.server";
import { signOut } from "~/utils/auth.server";

/**
 * POST /auth/logout, the header's Sign out: ends the server session and the user's realtime
 * sockets, clears the cookie and goes to /auth (signing out without a session is not an error).
 */
export const action = formResource({
  access: "anyone",
  backTo: "/auth",
  intents: {
    default: intent.anyone({
      schema: z.object({}),
      async run({ request, context }) {
        return redirectTo("/auth", { headers: { "Set-Cookie": await signOut(request, context) } });
      },
    }),
  },
});
export const loader = action;
