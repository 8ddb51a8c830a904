/**
 * The one way a domain calls a member back (ADR 180): `notify()` enqueues the notification and
 * returns; the queue's consumer (deliver.server.ts) checks the member's settings, renders and sends.
 * Enqueueing is best effort like the realtime fan-out: the event itself is already recorded, and
 * the page shows it to anyone who missed the mail.
 */
import { sql } from "drizzle-orm";
import { notificationMarks } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import type { OutgoingEmail } from "~/modules/email/mailer.server";
import type { NotificationKind } from "./kinds";
import type { NotificationContent } from "./messages.server";

export interface Notification {
  kind: NotificationKind;
  userId: string;
  /**
   * The event's own key (e.g. `outcome:<application>:<step>`): the idempotency key of its mail, so
   * the same event enqueued twice, or a batch retried, sends once.
   */
  key: string;
  content: NotificationContent;
  aboutUserId?: string;
  /**
   * At most one of these per `key` and member within `windowMs` (a conversation's chat mails:
   * 15 minutes; a late share: forever). Checked and marked in one statement, at `now`.
   */
  throttle?: { key: string; windowMs: number; now: number };
}

type NotifyCtx = Pick<Ctx, "db" | "notifications">;

/** Marks `key` for the member unless it was marked within the window: true when this call may go. */
async function claimMark(ctx: Pick<Ctx, "db">, userId: string, throttle: NonNullable<Notification["throttle"]>) {
  const { now, windowMs } = throttle;
  const since = Number.isFinite(windowMs) ? now - windowMs : Number.MIN_SAFE_INTEGER;
  const [row] = await ctx.db
    .insert(notificationMarks)
    .values({ userId, key: throttle.key, at: now })
    .onConflictDoUpdate({
      target: [notificationMarks.userId, notificationMarks.key],
      set: { at: sql`excluded.at` },
      setWhere: sql`${notificationMarks.at} <= ${since}`,
    })
    .returning({ at: notificationMarks.at });
  return row !== undefined;
}

/** Enqueues one notification; answers whether it was enqueued (a throttled one is not). */
export async function notify(ctx: NotifyCtx, notification: Notification): Promise<boolean> {
  try {
    if (notification.throttle && !(await claimMark(ctx, notification.userId, notification.throttle))) return false;
    const { throttle: _throttle, ...rest } = notification;
    await ctx.notifications.send({ type: "notification", ...rest });
    return true;
  } catch (error) {
    console.error("notifications: enqueue failed", error);
    return false;
  }
}

/**
 * An account mail (a password changed, a referral held) on the same queue: composed by the
 * caller, sent by the consumer with the same retries and once per key. Not best effort: the caller
 * decides what a failure means.
 */
export async function enqueueMail(ctx: Pick<Ctx, "notifications">, mail: OutgoingEmail & { key: string }) {
  const { key, ...rest } = mail;
  await ctx.notifications.send({ type: "mail", key, mail: rest });
}
