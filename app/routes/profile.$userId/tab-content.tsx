import { Link } from "@remix-run/react";
import { Lock } from "lucide-react";
import type { ApiApplication } from "~/modules/applications/present";
import type { PresentedReferral } from "~/modules/referrals/present";
import { APPLICATIONS_MEMBERS_ONLY, PRIVATE_CONTENT } from "~/utils/messages";
import { ApplicationItem } from "./application-item";
import { ReferralItem } from "./referral-item";

/** The Referrals or Applications tab: private, empty, or the member's list. */
export function TabContent({
  visible,
  tab,
  signedIn,
  isOwner,
  referrals,
  applications,
}: {
  visible: boolean;
  tab: "referrals" | "applications";
  signedIn: boolean;
  isOwner: boolean;
  referrals: PresentedReferral[] | null;
  applications: ApiApplication[] | null;
}) {
  if (!visible) {
    return (
      <div className="flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
        <Lock aria-hidden className="size-6 text-muted" />
        <p className="mt-3 font-medium">{PRIVATE_CONTENT}</p>
        {tab === "applications" && !signedIn ? (
          <p className="mt-1 text-sm text-muted">
            {APPLICATIONS_MEMBERS_ONLY}{" "}
            <Link to="/auth" className="text-brand-700 underline">
              Sign in
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted">This member keeps their {tab} private.</p>
        )}
      </div>
    );
  }
  const empty = tab === "referrals" ? !referrals?.length : !applications?.length;
  if (empty) {
    return (
      <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
        <p className="text-muted">
          {tab === "referrals" ? "No credit card referrals found." : "No credit card applications found."}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {tab === "referrals"
        ? referrals?.map((referral) => (
            <li key={referral._id}>
              <ReferralItem referral={referral} isOwner={isOwner} />
            </li>
          ))
        : applications?.map((application) => (
            <li key={application._id}>
              <ApplicationItem application={application} />
            </li>
          ))}
    </ul>
  );
}
