import { formatBonus } from "~/modules/cards/display";
import { paidRateText } from "~/modules/reputation/figures";
import { offeredBonus, type PresentedReferral } from "~/modules/referrals/present";

import { ShareTerms } from "~/modules/shares/share-terms";

/**
 * A card's referrals side by side (docs/product.md#card-pages): what each shares, its referrer's
 * rating, confirmed successes (the bonus confirmed by both sides), shares paid and slots left, in the
 * page's fair order. A table, so a screen reader and a narrow screen (it scrolls sideways)
 * compare row by row.
 */
export function ReferralComparison({ referrals }: { referrals: PresentedReferral[] }) {
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen.
    <div
      role="region"
      aria-label="Referrals compared"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe's scrollable-region-focusable: a keyboard scrolls it
      tabIndex={0}
      className="overflow-x-auto rounded-card border border-line bg-surface"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Referrals compared</caption>
        <thead className="bg-canvas text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Referrer
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Shares with you
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Referrer&apos;s bonus
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Rating
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Confirmed successes
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Shares paid
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Slots left
            </th>
          </tr>
        </thead>
        <tbody className="tabular divide-y divide-line">
          {referrals.map((referral) => (
            <tr key={referral._id}>
              <th scope="row" className="px-3 py-2 font-medium">
                {referral.referrer.name}
              </th>
              <td className="px-3 py-2">
                <ShareTerms referral={referral} />
              </td>
              <td className="px-3 py-2">{formatBonus(offeredBonus(referral))}</td>
              <td className="px-3 py-2">
                {referral.referrer.rating == null
                  ? "No reviews yet"
                  : `${referral.referrer.rating.toFixed(1)} of 5 (${referral.referrer.reviewCount} ${referral.referrer.reviewCount === 1 ? "review" : "reviews"})`}
              </td>
              <td className="px-3 py-2">{referral.referrer.confirmedSuccesses}</td>
              <td className="px-3 py-2">{paidRateText(referral.referrer) ?? "None owed yet"}</td>
              <td className="px-3 py-2">{referral.availableReferCount ?? "Unlimited"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
