import { z } from "zod";
import { apiSuccess } from "~/http/envelope.server";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { deleteMyAccount } from "~/modules/users/account-deletion.server";
import { DeleteAccountSchema } from "~/modules/users/schemas";
import { ApiOwnUserSchema, toApiOwnUser } from "~/modules/users/present";
import { getOwnProfile } from "~/modules/users/profile.server";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { requireSessionToken, shouldUseSecureCookies } from "~/http/auth.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The signed-in user",
    description: "With their bio, privacy settings and join date. A 401 tells the spec's client to go to /auth.",
    access: "member",
    response: z.object({ data: ApiOwnUserSchema, user: ApiOwnUserSchema }),
    async run({ ctx }) {
      const data = toApiOwnUser(await getOwnProfile(ctx));
      return { data, user: data };
    },
  }),
  DELETE: endpoint({
    summary: "Delete my account",
    description:
      "Irreversible. Confirmed with the password (accounts that sign in with Google: a Google sign-in less than " +
      "10 minutes old, and no password). Removes personal data, shows the member as 'Deleted user' in others' " +
      "reviews and chats, withdraws their referrals, ends every session and socket and clears the cookie.",
    access: "member",
    body: DeleteAccountSchema,
    bodyOptional: true,
    response: z.object({ message: z.string() }),
    errors: [403, 409, 429],
    async run({ ctx, body, request }) {
      const { message } = await deleteMyAccount(ctx, {
        password: body.password,
        currentSessionToken: requireSessionToken(request),
      });
      return apiSuccess(
        { message },
        { headers: { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) } },
      );
    },
  }),
});
export const action = loader;
