import { useId } from "react";
import { SWITCH_CLASS, SwitchField } from "~/components/forms/field";
import {
  fieldOf,
  KIND_INFO,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type KindSettings,
  type NotificationChannel,
  type NotificationKind,
} from "~/modules/notifications/kinds";
import { AutosaveCard } from "./autosave-card";

/** The failure toast's start, before the reason. */
export const NOTIFICATIONS_FAILED = "Error updating notification settings: ";

/** Each channel's column heading, and the end of each switch's name ("Disputes by push"). */
export const CHANNEL_LABEL: Record<NotificationChannel, string> = { email: "Email", push: "Push" };

/** One kind: what it is, then its switch on each channel. */
function KindRow({ kind, settings }: { kind: NotificationKind; settings: KindSettings }) {
  const id = useId();
  const { label, description } = KIND_INFO[kind];
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-ink">
          {label}
        </p>
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
        </p>
      </div>
      <div className="flex shrink-0 gap-3">
        {NOTIFICATION_CHANNELS.map((channel) => (
          <label key={channel} className="flex flex-col items-center gap-1 text-xs text-muted">
            {CHANNEL_LABEL[channel]}
            <input
              name={fieldOf(channel, kind)}
              type="checkbox"
              role="switch"
              aria-label={`${label} by ${CHANNEL_LABEL[channel].toLowerCase()}`}
              aria-describedby={`${id}-description`}
              defaultChecked={settings[kind][channel]}
              className={SWITCH_CLASS}
            />
          </label>
        ))}
      </div>
    </div>
  );
}

/**
 * Notifications: email's master switch, then each kind's switch by email and by push (ADR 180,
 * 181). Like Privacy: with JavaScript each switch saves as it changes; without it, **Save
 * notification settings** posts the form. Which browsers get push is the next card's.
 */
export function NotificationsCard({
  settings,
  error,
}: {
  settings: { emailNotifications: boolean; kinds: KindSettings };
  error?: string;
}) {
  return (
    <AutosaveCard
      title="Notifications"
      description="Choose what Cardshare tells you about, by email and by push on the browsers you turn push on for. Account and security emails (verification, password reset, email change) always go out."
      intent="notifications"
      saveLabel="Save notification settings"
      saved="Notification settings updated"
      failed={NOTIFICATIONS_FAILED}
      error={error}
    >
      <SwitchField
        name="emailNotifications"
        label="Email notifications"
        description="Off: no notification emails at all, whatever is chosen below. Push follows its own switches."
        defaultChecked={settings.emailNotifications}
      />
      {NOTIFICATION_KINDS.map((kind) => (
        <KindRow key={kind} kind={kind} settings={settings.kinds} />
      ))}
    </AutosaveCard>
  );
}
