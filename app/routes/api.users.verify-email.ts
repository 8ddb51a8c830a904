import { z } from "zod";
import type { Ctx } from "~/core/context.server";
import { parseInput } from "~/http/input.server";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { verifyEmail } from "~/modules/auth/accounts.server";
import { ApiUserSchema, toApiUser } from "~/modules/auth/present";
import { VerifyEmailSchema } from "~/modules/auth/schemas";

const Token = VerifyEmailSchema.shape.token;
/** A link's token, in the body or (as the emailed link has it) the query. */
const MaybeToken = z.object({ token: Token.optional() });

const VerifyAnswer = z.object({
  message: z.string(),
  signedIn: z.boolean(),
  user: z.union([ApiUserSchema, z.object({ email: z.string() })]),
  token: z.string().optional(),
});

const SESSION_RULES =
  "A client without a session is signed in: `token` is a new API session token, sent as " +
  "`Authorization: Bearer` (as login answers it); no cookie is set. One signed in to another account " +
  "keeps its session, gets `signedIn: false` and only the verified email. A used, expired or unknown " +
  "token is a 400.";

/** Spends the link's token and answers as the spec's verification response has it (sections 3 and 7). */
async function verify(ctx: Ctx, token: string | undefined, request: Request) {
  // Neither is the spec's 'Invalid verification link. No token provided.' (400).
  const checked = await parseInput(VerifyEmailSchema, { token });
  const { user, session, signedIn, message } = await verifyEmail(ctx, {
    token: checked.token,
    userAgent: request.headers.get("User-Agent"),
  });
  return {
    message,
    signedIn,
    // Another account's client learns only that the address it holds the link for is verified.
    user: signedIn ? toApiUser(user) : { email: user.email },
    ...(session ? { token: session.token } : {}),
  };
}

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Verify an email address (the spec's call)",
    description:
      "The spec's client call: `?token=` verifies the address. The emailed link opens the page " +
      "`/auth/verify-email`, which verifies by POST, so mail scanners never reach this call. " +
      `${SESSION_RULES} docs/decisions/082-verify-email-by-api-get.md.`,
    access: "anyone",
    query: z.object({ token: Token }),
    response: VerifyAnswer,
    errors: [409],
    run: ({ ctx, query, request }) => verify(ctx, query.token, request),
  }),
  POST: endpoint({
    summary: "Verify an email address",
    description: `The token comes in the body (\`{ token }\`) or the query (\`?token=\`). ${SESSION_RULES}`,
    access: "anyone",
    body: MaybeToken,
    bodyOptional: true,
    query: MaybeToken,
    response: VerifyAnswer,
    errors: [409],
    run: ({ ctx, body, query, request }) => verify(ctx, body.token ?? query.token, request),
  }),
});
export const action = loader;
