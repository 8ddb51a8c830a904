import { z } from "zod";
import { apiFailure, apiSuccess } from "~/http/envelope.server";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { signOut } from "~/http/auth.server";

const LOGGED_OUT = "Logged out";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Sign out",
    description:
      "Ends the session behind the bearer token or cookie, closes the user's realtime sockets and clears " +
      "the cookie. Signing out without a session is not an error. When the server cannot end the session " +
      "the cookie is cleared all the same and the answer is 503 `SIGN_OUT_INCOMPLETE`: the client drops " +
      "its token and goes to / (the spec's failed sign-out); the session ends at its expiry.",
    access: "anyone",
    response: z.object({ message: z.string() }),
    errors: [503],
    async run({ request, context }) {
      const { cookie, ended } = await signOut(request, context);
      // The cookie is cleared by a header, which a payload cannot carry.
      const headers = { "Set-Cookie": cookie };
      if (ended) return apiSuccess({ message: LOGGED_OUT }, { headers });
      return apiFailure(503, AUTH_MESSAGES.signOutIncomplete, undefined, "SIGN_OUT_INCOMPLETE", headers);
    },
  }),
});
export const action = loader;
