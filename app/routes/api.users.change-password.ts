import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { changePassword } from "~/modules/users/profile.server";
import { ChangePasswordApiSchema } from "~/modules/users/schemas";
import { requireSessionToken } from "~/http/auth.server";

export const loader = jsonRoute({
  PUT: endpoint({
    summary: "Change one's password",
    description:
      "`{ currentPassword, newPassword }` as the spec's client sends it; `confirmPassword` is optional and must " +
      "match when sent. A wrong current password is a 400 on `currentPassword` (5 tries per 15 minutes). " +
      "Every other session of the account ends; this one stays. Accounts that sign in with Google have no " +
      "password here (403).",
    access: "member",
    body: ChangePasswordApiSchema,
    response: z.object({ message: z.string() }),
    errors: [403, 429],
    run: ({ ctx, body, request }) =>
      changePassword(ctx, { ...body, currentSessionToken: requireSessionToken(request) }),
  }),
});
export const action = loader;
