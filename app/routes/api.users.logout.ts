import { z } from "zod";
import { apiSuccess } from "~/http/envelope.server";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { signOut } from "~/utils/auth.server";

const LOGGED_OUT = "Logged out";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Sign out",
    description:
      "Ends the session behind the bearer token or cookie, closes the user's realtime sockets and clears " +
      "the cookie. Signing out without a session is not an error.",
    access: "anyone",
    response: z.object({ message: z.string() }),
    async run({ request, context }) {
      // The cookie is cleared by a header, which a payload cannot carry.
      return apiSuccess({ message: LOGGED_OUT }, { headers: { "Set-Cookie": await signOut(request, context) } });
    },
  }),
});
export const action = loader;
