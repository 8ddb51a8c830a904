import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { registerUser } from "~/modules/auth/accounts.server";
import { RegisterSchema } from "~/modules/auth/schemas";
import { requestMeta } from "~/utils/request-meta.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Register a local account",
    description:
      "The account starts unverified: a single-use link is emailed, and sign-in waits for it. A taken " +
      "username (any case) or email is a 409 naming the field.",
    access: "anyone",
    body: RegisterSchema,
    response: z.object({ message: z.string(), user: z.object({ _id: z.string(), email: z.string() }) }),
    status: 201,
    errors: [409, 429],
    async run({ ctx, body, request }) {
      const { message, userId, email } = await registerUser(ctx, body, requestMeta(request));
      return { message, user: { _id: userId, email } };
    },
  }),
});
export const action = loader;
