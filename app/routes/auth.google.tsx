import { z } from "zod";
import { formResource, intent, redirectTo } from "~/http/form-action.server";
import { GOOGLE_RETURN_COOKIE, redirectToGoogle } from "~/http/google-redirect.server";
import { safeRedirect } from "~/utils/redirect";
import { requireGoogle } from "~/modules/auth/google.server";

/**
 * POST /auth/google starts the Google redirect flow (a POST, so another site cannot start it for a
 * visitor): the answer is the redirect to Google with the state cookie. Someone already signed in
 * goes home instead (as /auth sends them).
 */
export const action = formResource({
  access: "anyone",
  backTo: "/auth",
  intents: {
    default: intent.anyone({
      schema: z.object({ redirectTo: z.string().optional() }),
      async run({ ctx, user, value, request }) {
        if (user) return redirectTo(safeRedirect(value.redirectTo));
        requireGoogle(ctx);
        try {
          return await redirectToGoogle(ctx, request);
        } catch (thrown) {
          // The page to come back to (a shared referral...) waits in a short cookie of the flow's own path.
          const next = safeRedirect(value.redirectTo, "");
          if (thrown instanceof Response && next) {
            thrown.headers.append(
              "Set-Cookie",
              `${GOOGLE_RETURN_COOKIE}=${encodeURIComponent(next)}; Path=/auth/google; Max-Age=600; HttpOnly; SameSite=Lax`,
            );
          }
          throw thrown;
        }
      },
    }),
  },
});
export const loader = action;
