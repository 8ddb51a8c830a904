import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { GOOGLE_MESSAGES, isGoogleEnabled, signInWithGoogleToken } from "~/modules/auth/google.server";
import { toApiUser } from "~/modules/auth/present";
import { apiRoute, apiSuccess, DomainError, parseJsonBody } from "~/utils/api.server";
import { getServices } from "~/utils/services.server";

const GoogleTokenSchema = z.object({
  idToken: z.string({ error: GOOGLE_MESSAGES.noToken }).min(1, GOOGLE_MESSAGES.noToken).max(4096),
});

/** Sign-in with a Google access token (the spec's `idToken`), checked against Google's userinfo. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const services = getServices(context);
    if (!isGoogleEnabled(services)) throw new DomainError(404, "Google sign-in is not configured.");
    const { idToken } = await parseJsonBody(request, GoogleTokenSchema);
    const { user, session, message } = await signInWithGoogleToken(
      services,
      idToken,
      request.headers.get("User-Agent"),
    );
    return apiSuccess({ token: session.token, message, user: { ...toApiUser(user), token: session.token } });
  });
}
