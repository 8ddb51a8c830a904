/**
 * Each member's notification choices (ADR 180): a stored row per choice made, the kind's default
 * otherwise; `users.email_notifications` stays the master switch of every email.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { notificationSettings, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { PROFILE_MESSAGES } from "~/modules/users/profile.server";
import {
  defaultKindSettings,
  KIND_INFO,
  NOTIFICATION_MESSAGES,
  type KindSettings,
  type KindSettingsPatch,
  type NotificationChannel,
  type NotificationKind,
} from "./kinds";

/** The switches from a member's stored choices: each kind on each channel, the default where none was made. */
export function kindSettingsFrom(rows: { kind: string; channel: string; enabled: boolean }[]): KindSettings {
  const settings = defaultKindSettings();
  for (const row of rows) {
    const kind = settings[row.kind as NotificationKind];
    if (kind && row.channel in kind) kind[row.channel as NotificationChannel] = row.enabled;
  }
  return settings;
}

/** A member's stored choices (for a batch, e.g. the data export). */
export function choicesOf(db: Db, userId: string) {
  return db
    .select({
      kind: notificationSettings.kind,
      channel: notificationSettings.channel,
      enabled: notificationSettings.enabled,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
}

/** The member's switches: each kind on each channel, their choices over the defaults. */
export async function readKindSettings(db: Db, userId: string): Promise<KindSettings> {
  return kindSettingsFrom(await choicesOf(db, userId));
}

/** Statements writing a patch of choices (one upsert per choice), for one batch with anything else. */
function writeChoices(db: Db, userId: string, patch: KindSettingsPatch) {
  const now = new Date();
  return Object.entries(patch).flatMap(([kind, channels]) =>
    Object.entries(channels ?? {}).map(([channel, enabled]) =>
      db
        .insert(notificationSettings)
        .values({ userId, kind, channel, enabled: Boolean(enabled), updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.kind, notificationSettings.channel],
          set: { enabled: sql`excluded.enabled`, updatedAt: now },
        }),
    ),
  );
}

/**
 * Sets the acting member's master switch and/or per-kind choices in one batch (Personal Info and
 * PUT /api/users/notification-settings), answering the whole of their settings.
 */
export async function updateNotificationSettings(
  ctx: Pick<Ctx, "db" | "actor">,
  input: { emailNotifications?: boolean; kinds?: KindSettingsPatch },
) {
  const { id: userId } = requireActor(ctx);
  const { db } = ctx;
  const statements = [
    ...(input.emailNotifications === undefined
      ? []
      : [db.update(users).set({ emailNotifications: input.emailNotifications }).where(eq(users.id, userId))]),
    ...writeChoices(db, userId, input.kinds ?? {}),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { message: PROFILE_MESSAGES.notificationsUpdated, ...(await readNotificationSettings(db, userId)) };
}

/** The master switch and the per-kind switches, as the page and the API answer them. */
export async function readNotificationSettings(db: Db, userId: string) {
  const [user, kinds] = await Promise.all([
    db.select({ emailNotifications: users.emailNotifications }).from(users).where(eq(users.id, userId)).get(),
    readKindSettings(db, userId),
  ]);
  return { emailNotifications: user?.emailNotifications ?? false, kinds };
}

/** The one-click unsubscribe: exactly one kind on one channel turned off, for the member the link names. */
export async function turnOff(db: Db, grant: { userId: string; kind: NotificationKind; channel: NotificationChannel }) {
  await db.batch([writeChoices(db, grant.userId, { [grant.kind]: { [grant.channel]: false } })[0]!]);
  return { message: NOTIFICATION_MESSAGES.unsubscribed(KIND_INFO[grant.kind].label) };
}
