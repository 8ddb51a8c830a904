/**
 * A notification as notify() enqueues it, for the consumer's tests (notifications, push): a fresh
 * idempotency key, a subject naming the kind, and the lines and action given.
 */
import type { NotificationKind } from "~/modules/notifications/kinds";
import type { NotificationMessage } from "~/modules/notifications/messages.server";

type Notification = Extract<NotificationMessage, { type: "notification" }>;

export function testNotification(
  kind: NotificationKind,
  userId: string,
  options: { key?: string; subject?: string; lines?: string[]; path?: string } = {},
): Notification {
  const key = options.key ?? `test:${crypto.randomUUID()}`;
  const subject = options.subject ?? `About ${kind} ${key}`;
  const lines = options.lines ?? [`Something about ${kind}.`];
  return {
    type: "notification",
    key,
    kind,
    userId,
    content: { subject, lines, action: { path: options.path ?? "/", label: "Open" } },
  };
}
