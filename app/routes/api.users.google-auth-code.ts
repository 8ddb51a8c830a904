import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { signInWithGoogleCode } from "~/modules/auth/google.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { SignInAnswerSchema, toSignInAnswer } from "~/modules/auth/present";

const GoogleCodeSchema = z.object({
  code: z.string({ error: AUTH_MESSAGES.googleNoToken }).min(1, AUTH_MESSAGES.googleNoToken).max(4096),
  redirectUri: z.url().optional(),
});

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Sign in with an authorization code from Google's popup",
    description:
      "The code is exchanged on the server with our client secret (`redirectUri` defaults to `postmessage`). " +
      "404 when Google sign-in is not configured.",
    access: "anyone",
    body: GoogleCodeSchema,
    response: SignInAnswerSchema,
    errors: [401, 403, 404, 409, 503],
    async run({ ctx, body, request }) {
      return toSignInAnswer(
        await signInWithGoogleCode(
          ctx,
          body.code,
          body.redirectUri ?? "postmessage",
          request.headers.get("User-Agent"),
        ),
      );
    },
  }),
});
export const action = loader;
