import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { ApiUserSchema, toApiUser } from "~/modules/auth/present";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The signed-in user",
    description: "A 401 tells the spec's client to go to /auth.",
    access: "member",
    response: z.object({ data: ApiUserSchema, user: ApiUserSchema }),
    async run({ user }) {
      const data = toApiUser(user);
      return { data, user: data };
    },
  }),
});
export const action = loader;
