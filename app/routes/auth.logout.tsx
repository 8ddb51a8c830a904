import { z } from "zod";
import { formResource, intent, redirectTo } from "~/http/form-action.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { signOut } from "~/http/auth.server";

/**
 * POST /auth/logout, the header's Sign out: ends the server session and the user's realtime
 * sockets, clears the cookie and goes to /auth (signing out without a session is not an error).
 * When the server cannot end the session the cookie is cleared all the same and the person goes
 * to / (the spec's failed sign-out), told that the session ends at its expiry.
 */
export const action = formResource({
  access: "anyone",
  backTo: "/auth",
  intents: {
    default: intent.anyone({
      schema: z.object({}),
      async run({ request, context }) {
        const { cookie, ended } = await signOut(request, context);
        const headers = { "Set-Cookie": cookie };
        if (ended) return redirectTo("/auth", { headers });
        return redirectTo("/", { headers, toast: { type: "error", description: AUTH_MESSAGES.signOutIncomplete } });
      },
    }),
  },
});
export const loader = action;
