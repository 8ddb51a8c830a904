import { z } from "zod";
import { formResource, intent, redirectTo } from "~/http/form-action.server";
import { redirectToGoogle } from "~/http/google-redirect.server";
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
      schema: z.object({}),
      async run({ ctx, user, request }) {
        if (user) return redirectTo("/");
        requireGoogle(ctx);
        return redirectToGoogle(ctx, request);
      },
    }),
  },
});
export const loader = action;
