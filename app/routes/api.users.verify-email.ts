import { z } from "zod";
import { parseInput } from "~/http/input.server";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { checkVerificationToken, verifyEmail } from "~/modules/auth/accounts.server";
import { ApiUserSchema, toApiUser } from "~/modules/auth/present";
import { VerifyEmailSchema } from "~/modules/auth/schemas";

const Token = VerifyEmailSchema.shape.token;
/** A link's token, in the body or (as the emailed link has it) the query. */
const MaybeToken = z.object({ token: Token.optional() });

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Check a verification link without using it",
    description:
      "Mail scanners and link previews open GET links, so this only says whether the token is still " +
      "usable (`valid`); POST verifies (docs/decisions/081-verify-email-and-email-change.md).",
    access: "anyone",
    query: z.object({ token: Token }),
    response: z.object({ valid: z.literal(true), message: z.string() }),
    async run({ ctx, query }) {
      return { valid: true as const, ...(await checkVerificationToken(ctx, query.token)) };
    },
  }),
  POST: endpoint({
    summary: "Verify an email address",
    description:
      "The token comes in the body (`{ token }`) or the query (`?token=`). A client without a session is " +
      "signed in (`token`, as the spec's verification answer has); one signed in to another account keeps " +
      "its session, gets `signedIn: false` and only the verified email.",
    access: "anyone",
    body: MaybeToken,
    bodyOptional: true,
    query: MaybeToken,
    response: z.object({
      message: z.string(),
      signedIn: z.boolean(),
      user: z.union([ApiUserSchema, z.object({ email: z.string() })]),
      token: z.string().optional(),
    }),
    errors: [409],
    async run({ ctx, body, query, request }) {
      // Neither is the spec's 'Invalid verification link. No token provided.' (400).
      const { token } = await parseInput(VerifyEmailSchema, { token: body.token ?? query.token });
      const { user, session, signedIn, message } = await verifyEmail(ctx, {
        token,
        userAgent: request.headers.get("User-Agent"),
      });
      return {
        message,
        signedIn,
        // Another account's client learns only that the address it holds the link for is verified.
        user: signedIn ? toApiUser(user) : { email: user.email },
        ...(session ? { token: session.token } : {}),
      };
    },
  }),
});
export const action = loader;
