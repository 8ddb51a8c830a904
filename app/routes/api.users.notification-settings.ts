import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { KindSettingsPatchSchema, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "~/modules/notifications/kinds";
import { updateNotificationSettings } from "~/modules/notifications/settings.server";
import { NotificationSchema } from "~/modules/users/schemas";

/**
 * The spec's `{ emailNotifications }` (the master switch of every email) and, beside it, `kinds`:
 * each kind's switch per channel, e.g. `{ "kinds": { "chat": { "email": false, "push": true } } }`
 * (ADR 180, 181). A body with only `kinds` leaves the master switch as it is.
 */
const Body = NotificationSchema.extend({
  emailNotifications: z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")]).optional(),
  kinds: KindSettingsPatchSchema.optional(),
});

const KindsAnswer = z.object(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      z.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, z.boolean()]))),
    ]),
  ),
);

export const loader = jsonRoute({
  PUT: endpoint({
    summary: "Set one's notifications: email's master switch and each kind's, by email and by push",
    access: "member",
    body: Body,
    response: z.object({ message: z.string(), emailNotifications: z.boolean(), kinds: KindsAnswer }),
    run: ({ ctx, body }) => {
      const master = body.emailNotifications;
      return updateNotificationSettings(ctx, {
        emailNotifications:
          master === undefined && body.kinds ? undefined : master === true || master === "on" || master === "true",
        kinds: body.kinds,
      });
    },
  }),
});
export const action = loader;
