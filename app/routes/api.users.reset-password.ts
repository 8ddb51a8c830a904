import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { resetPassword } from "~/modules/auth/accounts.server";
import { ResetPasswordSchema } from "~/modules/auth/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Choose a new password with a reset link's token",
    description: "Ends every session of the account. A used, expired or unknown token is a 400.",
    access: "anyone",
    body: ResetPasswordSchema,
    response: z.object({ message: z.string() }),
    run: ({ ctx, body }) => resetPassword(ctx, body),
  }),
});
export const action = loader;
