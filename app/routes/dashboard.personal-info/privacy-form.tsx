import { useFetcher, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { FormMessage, SwitchField } from "~/components/forms/field";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import type { Profile } from "./profile-form";
import { Card } from "./settings-card";

/** The privacy switches' failure toast, followed by the reason (docs/product.md#profile-texts). */
export const PRIVACY_FAILED = "Error updating privacy settings: ";

const PRIVACY_SWITCHES = [
  {
    name: "showFullName",
    label: "Show full name",
    description: "Others see your first and last name; when off, a masked name.",
  },
  { name: "showEmail", label: "Show email", description: "Others see your email address on your profile." },
  {
    name: "showReferrals",
    label: "Show referrals",
    description: "Others see the referrals you publish on your profile.",
  },
  {
    name: "showApplications",
    label: "Show applications",
    description: "Signed-in members see the applications you made on your profile (visitors never do).",
  },
] as const;

/** The autosave's answer: its message, or a failure (FormFailure) with the reason. */
type PrivacyAnswer = { ok: boolean; message?: string };

/**
 * The privacy switches. With JavaScript each switch saves as it changes (a fetcher posting the
 * whole form, so the last change wins) and a toast says so; without it, **Save privacy settings**
 * posts the form.
 */
export function PrivacyCard({ profile, error }: { profile: Profile; error?: string }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<PrivacyAnswer>();
  const saving =
    fetcher.state !== "idle" || (navigation.state !== "idle" && navigation.formData?.get("intent") === "privacy");
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message ?? "Privacy settings updated");
    else toast.error(`${PRIVACY_FAILED}${fetcher.data.message ?? ""}`);
  }, [fetcher.state, fetcher.data]);
  return (
    <Card title="Privacy" description="Choose what other members can see on your profile.">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <fetcher.Form
        method="post"
        className="divide-y divide-line"
        aria-busy={saving}
        onChange={(event) => fetcher.submit(event.currentTarget, { method: "post" })}
      >
        <input type="hidden" name="intent" value="privacy" />
        {hydrated ? <input type="hidden" name="autosave" value="1" /> : null}
        {PRIVACY_SWITCHES.map((setting) => (
          <SwitchField key={setting.name} {...setting} defaultChecked={profile[setting.name]} />
        ))}
        {hydrated ? (
          <p role="status" className="pt-3 text-xs text-muted">
            {saving ? "Saving..." : "Changes save as you make them."}
          </p>
        ) : (
          <div className="pt-4">
            <Button type="submit" variant="secondary">
              Save privacy settings
            </Button>
          </div>
        )}
      </fetcher.Form>
    </Card>
  );
}
