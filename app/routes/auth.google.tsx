import { z } from "zod";
import { DomainError } from "~/core/errors";
import { formResource, intent, redirectTo } from "~/http/form-action.server";
import { redirectToGoogle } from "~/http/google-redirect.server";
import { isGoogleEnabled } from "~/modules/auth/google.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";

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
        if (!isGoogleEnabled(ctx)) throw new DomainError(404, AUTH_MESSAGES.googleNotConfigured);
        return redirectToGoogle(ctx, request);
      },
    }),
  },
});
export const loader = action;
