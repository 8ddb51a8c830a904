/**
 * What Cardshare calls people back about (docs/product.md#notifications): each notification has a
 * kind, which is what people turn on or off, per channel. Pure and browser-safe: Personal Info,
 * /api/users/notification-settings and the queue's consumer read the same table
 * (docs/decisions/180-notifications-on-a-queue.md).
 */
import { z } from "zod";
import { checkbox } from "~/utils/zod-fields";

export const NOTIFICATION_KINDS = [
  "applications",
  "outcomes",
  "disputes",
  "chat",
  "links",
  "moderation",
  "digest",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The ways a notification leaves the site, each a delivery in channels.server.ts (ADR 180, 181). */
export const NOTIFICATION_CHANNELS = ["email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface KindInfo {
  /** The setting's label on Personal Info. */
  label: string;
  /** What it covers, in the person's words. */
  description: string;
  /** Whether it is on until the person says otherwise. */
  defaultOn: boolean;
}

export const KIND_INFO: Record<NotificationKind, KindInfo> = {
  applications: {
    label: "Someone applied through my referral",
    description: "As soon as someone applies through one of your referrals.",
    defaultOn: true,
  },
  outcomes: {
    label: "A step of an application waits for me",
    description:
      "Confirm a posted bonus, pay a share by its deadline, confirm a share arrived, a share is late, or confirm your rating once the outcome is in.",
    defaultOn: true,
  },
  disputes: {
    label: "Disputes",
    description: "A dispute about a share is opened, the referrer answers it, or an admin closes it.",
    defaultOn: true,
  },
  chat: {
    label: "New chat messages while I am away",
    description: "At most one email per conversation every 15 minutes, only when no Cardshare tab is open.",
    defaultOn: true,
  },
  links: {
    label: "My referral links",
    description:
      "A referral is reported, paused after reports, held for review, or its link fails the scheduled check.",
    defaultOn: true,
  },
  moderation: {
    label: "Moderation decisions",
    description: "An admin approves or rejects your link, or decides on reports about your referral.",
    defaultOn: true,
  },
  digest: {
    label: "A weekly digest of my referrals",
    description: "Each Monday: your referrals' views, clicks and applications of the week, and what waits for you.",
    defaultOn: false,
  },
};

/** Each kind's switch, per channel: what Personal Info and the API show and take. */
export type KindSettings = Record<NotificationKind, Record<NotificationChannel, boolean>>;

export function defaultKindSettings(): KindSettings {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, KIND_INFO[kind].defaultOn])),
    ]),
  ) as KindSettings;
}

export const NOTIFICATION_MESSAGES = {
  unknownKind: (kind: string) =>
    `"${kind}" is not a kind of notification. Use one of: ${NOTIFICATION_KINDS.join(", ")}.`,
  unknownChannel: (channel: string) =>
    `"${channel}" is not a way to be notified. Use one of: ${NOTIFICATION_CHANNELS.join(", ")}.`,
  badToken: "This unsubscribe link is not valid. Open Personal Info to change your email settings.",
  expiredToken: "This unsubscribe link has expired. Open Personal Info to change your email settings.",
  unsubscribed: (label: string) => `Done: no more emails for "${label}". You can turn them back on in Personal Info.`,
} as const;

/**
 * The per-kind part of PUT /api/users/notification-settings, beside the spec's `emailNotifications`:
 * `{ kinds: { chat: { email: false } } }`. An unknown kind or channel is refused by name.
 */
export const KindSettingsPatchSchema = z
  .record(z.string(), z.record(z.string(), z.boolean({ error: "Each channel's setting is true or false" })))
  .superRefine((value, issue) => {
    for (const [kind, channels] of Object.entries(value)) {
      if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) {
        issue.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.unknownKind(kind), path: [kind] });
      }
      for (const channel of Object.keys(channels)) {
        if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) {
          issue.addIssue({
            code: "custom",
            message: NOTIFICATION_MESSAGES.unknownChannel(channel),
            path: [kind, channel],
          });
        }
      }
    }
  })
  .transform((value) => value as Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>);
export type KindSettingsPatch = z.infer<typeof KindSettingsPatchSchema>;

/** The Personal Info form's field of a kind's switch on a channel (a flat name: conform would nest a dotted one). */
export const fieldOf = (channel: NotificationChannel, kind: NotificationKind) => `${channel}_${kind}` as const;

/** The Personal Info form: the master switch and each kind's switch per channel (checkboxes: absent is off). */
export const NotificationFormSchema = z
  .object({
    emailNotifications: checkbox,
    ...(Object.fromEntries(
      NOTIFICATION_CHANNELS.flatMap((channel) => NOTIFICATION_KINDS.map((kind) => [fieldOf(channel, kind), checkbox])),
    ) as Record<`${NotificationChannel}_${NotificationKind}`, typeof checkbox>),
  })
  .transform((form) => ({
    emailNotifications: form.emailNotifications,
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [
        kind,
        Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, form[fieldOf(channel, kind)]])),
      ]),
    ) as KindSettingsPatch,
  }));
