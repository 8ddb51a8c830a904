import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { resendVerification } from "~/modules/auth/accounts.server";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { requestMeta } from "~/utils/request-meta.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Send a new verification link",
    description: "The same answer whether or not the address has an unverified account.",
    access: "anyone",
    body: EmailOnlySchema,
    response: z.object({ message: z.string() }),
    errors: [429],
    run: ({ ctx, body, request }) => resendVerification(ctx, body.email, requestMeta(request)),
  }),
});
export const action = loader;
