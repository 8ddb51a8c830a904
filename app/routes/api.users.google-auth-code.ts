import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { GOOGLE_MESSAGES, isGoogleEnabled, signInWithGoogleCode } from "~/modules/auth/google.server";
import { toApiUser } from "~/modules/auth/present";
import { apiRoute, apiSuccess, DomainError, parseJsonBody } from "~/utils/api.server";
import { getServices } from "~/utils/services.server";

const GoogleCodeSchema = z.object({
  code: z.string({ error: GOOGLE_MESSAGES.noToken }).min(1, GOOGLE_MESSAGES.noToken).max(4096),
  redirectUri: z.url().optional(),
});

/** Sign-in with an authorization code from Google's popup flow, exchanged on the server. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const services = getServices(context);
    if (!isGoogleEnabled(services)) throw new DomainError(404, "Google sign-in is not configured.");
    const { code, redirectUri } = await parseJsonBody(request, GoogleCodeSchema);
    const { user, session, message } = await signInWithGoogleCode(
      services,
      code,
      redirectUri ?? "postmessage",
      request.headers.get("User-Agent"),
    );
    return apiSuccess({ token: session.token, message, user: { ...toApiUser(user), token: session.token } });
  });
}
