import { useFetcher, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { FormMessage, SwitchField } from "~/components/forms/field";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { emailFieldOf, KIND_INFO, NOTIFICATION_KINDS, type KindSettings } from "~/modules/notifications/kinds";
import { Card } from "./settings-card";

type Answer = { ok: boolean; message?: string };

/**
 * Email notifications: the master switch, then each kind's (ADR 174). Like Privacy: with JavaScript
 * each switch saves as it changes; without it, **Save notification settings** posts the form.
 */
export function NotificationsCard({
  settings,
  error,
}: {
  settings: { emailNotifications: boolean; kinds: KindSettings };
  error?: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<Answer>();
  const saving =
    fetcher.state !== "idle" || (navigation.state !== "idle" && navigation.formData?.get("intent") === "notifications");
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message ?? "Notification settings updated");
    else toast.error(fetcher.data.message ?? "Notification settings were not saved.");
  }, [fetcher.state, fetcher.data]);
  return (
    <Card
      title="Notifications"
      description="Choose what Cardshare emails you about. Account and security emails (verification, password reset, email change) always go out."
    >
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <fetcher.Form
        method="post"
        className="divide-y divide-line"
        aria-busy={saving}
        onChange={(event) => fetcher.submit(event.currentTarget, { method: "post" })}
      >
        <input type="hidden" name="intent" value="notifications" />
        {hydrated ? <input type="hidden" name="autosave" value="1" /> : null}
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
        {hydrated ? (
          <p role="status" className="pt-3 text-xs text-muted">
            {saving ? "Saving..." : "Changes save as you make them."}
          </p>
        ) : (
          <div className="pt-4">
            <Button type="submit" variant="secondary">
              Save notification settings
            </Button>
          </div>
        )}
      </fetcher.Form>
    </Card>
  );
}
