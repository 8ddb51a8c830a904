/**
 * The notifications queue's consumer (ADR 180), in the same Worker as its producers. Per message:
 * sent already (its idempotency key is in the outbox)? acknowledged. Otherwise the member's settings
 * are read now (a switch turned off after the event still counts), the kind's template rendered and
 * each channel the member takes delivered. A provider's failure retries that message alone, later
 * each time; after the queue's last retry it goes to the dead-letter queue, recorded here.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { notificationDeadLetters, users } from "../../../db/schema";
import { createMailer } from "~/modules/email/mailer.server";
import type { AppEnv } from "~/utils/env.server";
import { CHANNELS } from "./channels.server";
import { NOTIFICATION_CHANNELS } from "./kinds";
import type { NotificationMessage } from "./messages.server";
import { readKindSettings } from "./settings.server";

/** Seconds before a failed message's next try: 30 s, 1 min, 2 min ... at most an hour. */
export function retryDelaySeconds(attempts: number, baseSeconds = 30) {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

interface ConsumerServices {
  env: AppEnv;
  db: Db;
  now: () => number;
}

async function deliverOne({ env, db, now }: ConsumerServices, message: NotificationMessage) {
  if (message.type === "mail") {
    await createMailer(env, db).send({ ...message.mail, idempotencyKey: message.key });
    return;
  }
  const [recipient, named] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        emailNotifications: users.emailNotifications,
        deactivatedAt: users.deactivatedAt,
      })
      .from(users)
      .where(eq(users.id, message.userId))
      .get(),
    message.aboutUserId
      ? db.select({ id: users.id }).from(users).where(eq(users.id, message.aboutUserId)).get()
      : { id: null },
  ]);
  // Gone (deleted) or deactivated since: nobody to call back. A mail naming a member who deleted
  // their account since is not sent either (ADR 153).
  if (!recipient || recipient.deactivatedAt || !named) return;
  const settings = await readKindSettings(db, recipient.id);
  for (const name of NOTIFICATION_CHANNELS) {
    const channel = CHANNELS[name];
    if (!channel.takes(recipient) || !settings[message.kind][name]) continue;
    await channel.deliver({ env, db }, recipient, {
      key: message.key,
      kind: message.kind,
      content: message.content,
      aboutUserId: message.aboutUserId,
      now: now(),
    });
  }
}

/**
 * One batch of the notifications queue: each message acknowledged or retried on its own, all of
 * them at once (a message's D1 reads and provider call wait on the network, not on the others; one
 * after another, a distant D1 held the queue to a few mails a second). A key sent twice at once is
 * still sent once: the provider's Idempotency-Key (mailer.server.ts) and the outbox's unique key.
 */
export async function deliverBatch(
  services: ConsumerServices & { retryBaseSeconds?: number },
  batch: MessageBatch<NotificationMessage>,
) {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await deliverOne(services, message.body);
        message.ack();
      } catch (error) {
        console.error(
          "notifications: delivery failed, retrying",
          { key: message.body.key, attempts: message.attempts },
          error,
        );
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts, services.retryBaseSeconds) });
      }
    }),
  );
}

/** The dead-letter queue's consumer: what was given up on is recorded once, for an admin to see. */
export async function recordDeadLetters(db: Db, batch: MessageBatch<NotificationMessage>) {
  for (const message of batch.messages) {
    const body = message.body;
    console.error("notifications: given up after the last retry", { key: body.key });
    await db
      .insert(notificationDeadLetters)
      .values({
        idempotencyKey: body.key,
        userId: body.type === "notification" ? body.userId : null,
        kind: body.type === "notification" ? body.kind : null,
        subject: body.type === "notification" ? body.content.subject : body.mail.subject,
        attempts: message.attempts,
      })
      .onConflictDoNothing();
    message.ack();
  }
}
