/**
 * What travels on the notifications queue (docs/decisions/180-notifications-on-a-queue.md): either
 * a notification of a kind, rendered by the consumer from its content, or an account mail already
 * composed. Each carries its idempotency key: the consumer sends a key at most once.
 */
import type { OutgoingEmail } from "~/modules/email/mailer.server";
import type { NotificationKind } from "./kinds";

/** The queues of wrangler.toml, as the Worker and the deploy check (scripts/lib/deploy-check.ts) name them. */
export const NOTIFICATION_QUEUE = {
  binding: "NOTIFICATIONS",
  queue: "cardshare-notifications",
  deadLetter: "cardshare-notifications-dlq",
} as const;

/** What one notification says; its kind's template lays it out. */
export interface NotificationContent {
  subject: string;
  /** The paragraphs, in order (a chat mail's first lines of the conversation). */
  lines: string[];
  /** The page that answers it, as a path of the app. */
  action?: { path: string; label: string };
  /** A deadline to show beside it, in ms since the epoch (pay the share by ...). */
  deadline?: number;
  /** Figures to show as a small table after the lines (the weekly digest's views, clicks ...). */
  figures?: { label: string; value: string }[];
}

export type NotificationMessage =
  | {
      type: "notification";
      key: string;
      kind: NotificationKind;
      userId: string;
      content: NotificationContent;
      /** The member the notification names: its mail goes when their account does (ADR 153). */
      aboutUserId?: string;
    }
  | { type: "mail"; key: string; mail: OutgoingEmail };

/** The producer side of the queue, as the request's services carry it. */
export type NotificationQueue = Pick<Queue<NotificationMessage>, "send">;
