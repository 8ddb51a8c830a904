/**
 * The ways a notification leaves the site, reached by the same consumer: email (ADR 180) and Web
 * Push (ADR 181), one entry each of CHANNELS and of NOTIFICATION_CHANNELS in kinds.ts.
 */
import type { Db } from "../../../db/client";
import { createMailer } from "~/modules/email/mailer.server";
import type { AppEnv } from "~/utils/env.server";
import type { NotificationChannel, NotificationKind } from "./kinds";
import type { NotificationContent } from "./messages.server";
import { deliverPush } from "./push-delivery.server";
import { renderNotification } from "./templates.server";
import { unsubscribeUrl, UNSUBSCRIBE_TOKEN_MS } from "./unsubscribe.server";

/** Who gets it, as the consumer read them at send time. */
export interface Recipient {
  id: string;
  email: string;
  emailNotifications: boolean;
}

export interface Delivery {
  key: string;
  kind: NotificationKind;
  content: NotificationContent;
  aboutUserId?: string;
  now: number;
}

export interface Channel {
  /** Whether the member takes this channel at all (beyond the kind's switch): email's master switch. */
  takes(recipient: Recipient): boolean;
  /** Sends once per `delivery.key` (the channel keeps its own record); throws when the provider fails. */
  deliver(services: { env: AppEnv; db: Db }, recipient: Recipient, delivery: Delivery): Promise<void>;
}

/** Settings page: where every mail's footer points. */
export const SETTINGS_PATH = "/dashboard/personal-info#notifications-card";

const email: Channel = {
  takes: (recipient) => recipient.emailNotifications,
  async deliver({ env, db }, recipient, { key, kind, content, aboutUserId, now }) {
    const unsubscribe = await unsubscribeUrl(env, {
      userId: recipient.id,
      kind,
      channel: "email",
      expiresAt: now + UNSUBSCRIBE_TOKEN_MS,
    });
    const rendered = await renderNotification(kind, content, {
      action: content.action
        ? { url: new URL(content.action.path, env.APP_ORIGIN).toString(), label: content.action.label }
        : undefined,
      settingsUrl: new URL(SETTINGS_PATH, env.APP_ORIGIN).toString(),
      unsubscribeUrl: unsubscribe,
    });
    await createMailer(env, db).send({
      to: recipient.email,
      ...rendered,
      aboutUserId,
      kind,
      idempotencyKey: `${key}:email`,
      // RFC 8058: a mail client's one-click button POSTs `List-Unsubscribe=One-Click` to the URL.
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  },
};

/** Push has no master switch: a browser with push on is the member's choice (ADR 181). */
const push: Channel = {
  takes: () => true,
  deliver: (services, recipient, delivery) => deliverPush(services, recipient.id, delivery),
};

export const CHANNELS: Record<NotificationChannel, Channel> = { email, push };
