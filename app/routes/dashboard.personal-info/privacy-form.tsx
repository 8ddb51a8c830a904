import { SwitchField } from "~/components/forms/field";
import { AutosaveCard } from "./autosave-card";
import type { Profile } from "./profile-form";

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

/**
 * The privacy switches. With JavaScript each switch saves as it changes and a toast says so;
 * without it, **Save privacy settings** posts the form.
 */
export function PrivacyCard({ profile, error }: { profile: Profile; error?: string }) {
  return (
    <AutosaveCard
      title="Privacy"
      description="Choose what other members can see on your profile."
      intent="privacy"
      saveLabel="Save privacy settings"
      saved="Privacy settings updated"
      failed={PRIVACY_FAILED}
      error={error}
    >
      {PRIVACY_SWITCHES.map((setting) => (
        <SwitchField key={setting.name} {...setting} defaultChecked={profile[setting.name]} />
      ))}
    </AutosaveCard>
  );
}
