import { endpoint, jsonRoute } from "~/http/json-route.server";
import { loginWithPassword } from "~/modules/auth/accounts.server";
import { SignInAnswerSchema, toSignInAnswer } from "~/modules/auth/present";
import { LoginSchema } from "~/modules/auth/schemas";
import { requestMeta } from "~/utils/request-meta.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Sign in with email and password",
    description: "Returns a bearer token for API clients; browsers sign in through /auth and get a cookie.",
    access: "anyone",
    body: LoginSchema,
    // Room for an absurd password, so its owner hears "too long" from the schema, not a 413.
    bodyLimit: 256 * 1024,
    response: SignInAnswerSchema,
    errors: [401, 403, 429],
    async run({ ctx, body, request }) {
      return toSignInAnswer(await loginWithPassword(ctx, body, requestMeta(request)));
    },
  }),
});
export const action = loader;
