import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { updateNotifications } from "~/modules/users/profile.server";
import { NotificationSchema } from "~/modules/users/schemas";

export const loader = jsonRoute({
  PUT: endpoint({
    summary: "Set one's email-notification choice",
    access: "member",
    body: NotificationSchema,
    response: z.object({ message: z.string(), emailNotifications: z.boolean() }),
    run: ({ ctx, body }) => updateNotifications(ctx, { emailNotifications: body.emailNotifications }),
  }),
});
export const action = loader;
