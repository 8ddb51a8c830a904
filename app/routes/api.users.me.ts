import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { ApiOwnUserSchema, toApiOwnUser } from "~/modules/users/present";
import { getOwnProfile } from "~/modules/users/profile.server";

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
});
export const action = loader;
