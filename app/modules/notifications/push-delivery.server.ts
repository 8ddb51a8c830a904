/**
 * The push channel (ADR 181): a notification goes to each browser the member turned push on for,
 * encrypted for it (RFC 8291 aes128gcm) and signed with the app's VAPID key (RFC 8292) by
 * `@block65/webcrypto-web-push` on WebCrypto. Once per notification and browser: a retried batch
 * skips the browsers already reached. A browser the push service no longer knows (404, 410) is
 * forgotten; any other failure retries the message.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pushDeliveries, pushSubscriptions } from "../../../db/schema";
import type { AppEnv } from "~/utils/env.server";
import type { NotificationContent } from "./messages.server";
import { vapidKeys } from "./push-subscriptions.server";

/** What the service worker (public/sw.js) shows: a title, a few lines and the page to open. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** One notification per event on the device: a second push of the same key replaces it. */
  tag: string;
}

/** A push body must fit the 4 KB a push service takes; a notification's first lines are plenty. */
const MAX_BODY_CHARS = 600;
/** How long the push service keeps it for an offline browser: a day, like the outcome reminders. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export function pushPayload(env: Pick<AppEnv, "APP_ORIGIN">, key: string, content: NotificationContent): PushPayload {
  const body = content.lines.join("\n");
  return {
    title: content.subject,
    body: body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS - 1)}…` : body,
    url: new URL(content.action?.path ?? "/dashboard", env.APP_ORIGIN).toString(),
    tag: key,
  };
}

export async function deliverPush(
  { env, db }: { env: AppEnv; db: Db },
  userId: string,
  { key, content, now }: { key: string; content: NotificationContent; now: number },
) {
  const vapid = vapidKeys(env);
  if (!vapid) return;
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const failures: string[] = [];
  for (const subscription of subscriptions) {
    const deliveryKey = `${key}:push:${subscription.id}`;
    const sent = await db
      .select({ key: pushDeliveries.idempotencyKey })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.idempotencyKey, deliveryKey))
      .get();
    if (sent) continue;
    const request = await buildPushPayload(
      { data: { ...pushPayload(env, key, content) }, options: { ttl: PUSH_TTL_SECONDS, urgency: "normal" } },
      {
        endpoint: subscription.endpoint,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      { subject: `mailto:${env.SUPPORT_EMAIL}`, ...vapid },
    );
    const response = await fetch(subscription.endpoint, request);
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the subscription expired: nothing will reach it again.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    } else if (!response.ok) {
      failures.push(`${response.status}`);
    } else {
      await db
        .insert(pushDeliveries)
        .values({ idempotencyKey: deliveryKey, subscriptionId: subscription.id, sentAt: now })
        .onConflictDoNothing();
    }
  }
  if (failures.length > 0) throw new Error(`Push service answered ${failures.join(", ")}`);
}
