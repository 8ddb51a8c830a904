import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import {
  listPushDevices,
  PUSH_BODY_LIMIT,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  subscribePush,
  unsubscribePush,
  vapidKeys,
} from "~/modules/notifications/push-subscriptions.server";
import { requireActor } from "~/core/context.server";

/** The member's browsers with push on (ADR 181). */
const Devices = z.array(
  z.object({ id: z.string(), endpoint: z.string(), device: z.string(), createdAt: z.iso.datetime() }),
);
const Changed = z.object({ message: z.string(), devices: Devices });

export const loader = jsonRoute({
  GET: endpoint({
    summary: "List my browsers with push notifications on",
    description:
      "The VAPID public key to pass to `PushManager.subscribe` as `applicationServerKey` (null when this server " +
      "has no push set up), and the browsers that get the member's push notifications.",
    access: "member",
    response: z.object({ publicKey: z.string().nullable(), devices: Devices }),
    run: async ({ ctx }) => ({
      publicKey: vapidKeys(ctx.env)?.publicKey ?? null,
      devices: await listPushDevices(ctx.db, requireActor(ctx).id),
    }),
  }),
  POST: endpoint({
    summary: "Turn push notifications on for a browser",
    description:
      "The body is the browser's `PushSubscription.toJSON()`. The endpoint must be https on a public host; " +
      "`keys.p256dh` (65 bytes) and `keys.auth` (16 bytes) are base64url; other fields are refused. The same " +
      "endpoint again replaces its keys. Which kinds are pushed is set per kind with " +
      "`PUT /api/users/notification-settings` (`kinds.<kind>.push`).",
    access: "member",
    body: PushSubscriptionSchema,
    bodyLimit: PUSH_BODY_LIMIT,
    status: 201,
    errors: [409, 503],
    response: Changed,
    run: ({ ctx, body, request }) => subscribePush(ctx, body, request.headers.get("User-Agent")),
  }),
  DELETE: endpoint({
    summary: "Turn push notifications off for a browser",
    description: "By the subscription's endpoint; a browser that is not the member's is a 404.",
    access: "member",
    body: PushUnsubscribeSchema,
    bodyLimit: PUSH_BODY_LIMIT,
    errors: [404],
    response: Changed,
    run: ({ ctx, body }) => unsubscribePush(ctx, body.endpoint),
  }),
});
export const action = loader;
