import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import type { PresentedReferral } from "./present";
import { ShareButton } from "./share-button";

/** Where the owner manages a referral: edit it and see who applied (docs/product.md#referrer-tools). */
export const manageUrl = (referralId: string) => `/dashboard/referrals/${referralId}`;

/**
 * The referrer's own view on their referral's detail page: its public link to share, and the way
 * to edit it and see its applicants.
 */
export function OwnerPanel({ referral }: { referral: PresentedReferral }) {
  return (
    <section
      aria-labelledby="owner-heading"
      className="mt-4 space-y-3 rounded-card border border-brand-200 bg-brand-50 p-4"
    >
      <h2 id="owner-heading" className="font-semibold text-brand-900">
        This is your referral
      </h2>
      <p className="text-sm">
        {referral.applicationsCount} {referral.applicationsCount === 1 ? "application" : "applications"},{" "}
        {referral.successfulCount} successful.
      </p>
      {referral.code ? (
        <ShareButton path={`/r/${referral.code}`} title={`${referral.creditCard.name} referral`} />
      ) : null}
      <Link to={manageUrl(referral._id)} className={buttonClass("primary", "sm")}>
        Edit and see applicants
      </Link>
    </section>
  );
}
