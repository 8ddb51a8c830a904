import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { ApiOwnUserSchema, toApiOwnUser } from "~/modules/users/present";
import { getOwnProfile, updateProfile } from "~/modules/users/profile.server";
import { ProfileSchema } from "~/modules/users/schemas";

export const loader = jsonRoute({
  PUT: endpoint({
    summary: "Edit one's own profile",
    description:
      "Username, names, bio and email; anything else sent is ignored. A new email of a local account needs " +
      "`currentPassword` and only waits for confirmation (`emailChangePending`): the current address stays " +
      "the sign-in address until the link mailed to the new one is opened (docs/decisions/081). " +
      "Also at PUT /api/users/update-profile.",
    access: "member",
    body: ProfileSchema,
    response: z.object({
      message: z.string(),
      /** The address waiting for confirmation, when this change asked for one. */
      emailChangePending: z.string().nullable(),
      data: ApiOwnUserSchema,
    }),
    errors: [403, 409, 429],
    async run({ ctx, body }) {
      const result = await updateProfile(ctx, body);
      return { ...result, data: toApiOwnUser(await getOwnProfile(ctx)) };
    },
  }),
});
export const action = loader;
