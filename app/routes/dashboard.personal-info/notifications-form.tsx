import { SwitchField } from "~/components/forms/field";
import { emailFieldOf, KIND_INFO, NOTIFICATION_KINDS, type KindSettings } from "~/modules/notifications/kinds";
import { AutosaveCard } from "./autosave-card";

/** The failure toast's start, before the reason. */
export const NOTIFICATIONS_FAILED = "Error updating notification settings: ";

/**
 * Email notifications: the master switch, then each kind's (ADR 180). Like Privacy: with JavaScript
 * each switch saves as it changes; without it, **Save notification settings** posts the form.
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
      description="Choose what Cardshare emails you about. Account and security emails (verification, password reset, email change) always go out."
      intent="notifications"
      saveLabel="Save notification settings"
      saved="Notification settings updated"
      failed={NOTIFICATIONS_FAILED}
      error={error}
    >
      <SwitchField
        name="emailNotifications"
        label="Email notifications"
        description="Off: no notification emails at all, whatever is chosen below."
        defaultChecked={settings.emailNotifications}
      />
      {NOTIFICATION_KINDS.map((kind) => (
        <SwitchField
          key={kind}
          name={emailFieldOf(kind)}
          label={KIND_INFO[kind].label}
          description={KIND_INFO[kind].description}
          defaultChecked={settings.kinds[kind].email}
        />
      ))}
    </AutosaveCard>
  );
}
