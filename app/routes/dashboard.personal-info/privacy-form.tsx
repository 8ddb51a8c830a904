import { Form, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { FormMessage, SwitchField } from "~/components/forms/field";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
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
    description: "Others see the applications you made on your profile.",
  },
] as const;

export function PrivacyCard({ profile, error }: { profile: Profile; error?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "privacy";
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return (
    <Card title="Privacy" description="Choose what other members can see on your profile.">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Form method="post" className="divide-y divide-line">
        <input type="hidden" name="intent" value="privacy" />
        {PRIVACY_SWITCHES.map((setting) => (
          <SwitchField key={setting.name} {...setting} defaultChecked={profile[setting.name]} />
        ))}
        <div className="pt-4">
          <Button type="submit" variant="secondary" disabled={saving}>
            {saving ? "Saving..." : "Save privacy settings"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
