import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { requestPasswordReset } from "~/modules/auth/accounts.server";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { requestMeta } from "~/utils/request-meta.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Ask for a password reset link",
    description: "The same answer whether or not the address has an account; the link works once, for 30 minutes.",
    access: "anyone",
    body: EmailOnlySchema,
    response: z.object({ message: z.string() }),
    errors: [429],
    run: ({ ctx, body, request }) => requestPasswordReset(ctx, body.email, requestMeta(request)),
  }),
});
export const action = loader;
