import { Link } from "@remix-run/react";
import { ReferrerReputation } from "~/modules/reputation/reputation";
import type { PresentedReferral } from "~/modules/referrals/present";
import { ShareTerms } from "~/modules/shares/share-terms";

/**
 * Where a referral's Details go: a member to the referral itself, a visitor to its public page
 * (/r/{code}), which keeps a sign-up that comes back to it.
 */
export function detailsHref(referral: Pick<PresentedReferral, "_id" | "code">, signedIn: boolean) {
  if (!signedIn && referral.code) return `/r/${referral.code}`;
  return `/apply/${referral._id}`;
}

/**
 * A card's referrals, one list (docs/product.md#card-pages): each with the share it promises, the
 * referrer's confirmed outcomes first, then their rating, and the slots left; in the page's fair order.
 */
export function CardReferralList({
  cardName,
  referrals,
  signedIn,
}: {
  cardName: string;
  referrals: PresentedReferral[];
  signedIn: boolean;
}) {
  return (
    <ul aria-label={`Referrals for ${cardName}`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {referrals.map((referral) => {
        const headingId = `referral-${referral._id}`;
        return (
          <li
            key={referral._id}
            aria-labelledby={headingId}
            className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4"
          >
            <h3 id={headingId} className="font-semibold">
              {referral.referrer.name}
              <span className="sr-only">&apos;s referral</span>
            </h3>
            <ReferrerReputation compact referrer={referral.referrer} />
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-muted">Shares with you</dt>
                <dd className="tabular">
                  <ShareTerms referral={referral} />
                </dd>
              </div>
              {referral.specialApplicantBonus ? (
                <div>
                  <dt className="text-xs font-medium uppercase tracking-wide text-muted">Extra for applicants</dt>
                  <dd>{referral.specialApplicantBonus.bonus}</dd>
                </div>
              ) : null}
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-muted">Slots left</dt>
                <dd className="tabular">{referral.availableReferCount ?? "Unlimited"}</dd>
              </div>
            </dl>
            <Link
              to={detailsHref(referral, signedIn)}
              aria-label={`Details: ${referral.referrer.name}'s referral`}
              className="mt-auto inline-flex h-9 items-center justify-center rounded-card border border-line text-sm font-medium hover:bg-canvas"
            >
              Details
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
