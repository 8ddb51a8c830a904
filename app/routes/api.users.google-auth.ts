import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { signInWithGoogleToken } from "~/modules/auth/google.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { SignInAnswerSchema, toSignInAnswer } from "~/modules/auth/present";

const GoogleTokenSchema = z.object({
  idToken: z.string({ error: AUTH_MESSAGES.googleNoToken }).min(1, AUTH_MESSAGES.googleNoToken).max(4096),
});

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Sign in with a Google access token",
    description:
      "The spec's `idToken` is a Google access token; Google must confirm it was issued to our client. " +
      "Signs in (or creates) the account of that Google identity. 404 when Google sign-in is not configured.",
    access: "anyone",
    body: GoogleTokenSchema,
    response: SignInAnswerSchema,
    errors: [401, 403, 404, 409, 503],
    async run({ ctx, body, request }) {
      return toSignInAnswer(await signInWithGoogleToken(ctx, body.idToken, request.headers.get("User-Agent")));
    },
  }),
});
export const action = loader;
