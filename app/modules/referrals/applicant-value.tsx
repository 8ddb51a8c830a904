import { clsx } from "clsx";
import { formatEstimate, formatOffer, offerTerms } from "~/modules/cards/value";
import { ShareTerms } from "~/modules/shares/share-terms";
import type { PresentedReferral } from "./present";

type ValueReferral = Pick<
  PresentedReferral,
  "sharingBenefitPortion" | "specialApplicantBonus" | "shareText" | "shareTermsConfirmed"
> & {
  creditCard: Pick<PresentedReferral["creditCard"], "welcomeOffer"> &
    Partial<Pick<PresentedReferral["creditCard"], "applyBenefitWithReferral">>;
};

/**
 * What the applicant gets, first (docs/product.md#find-referrals): 'You get' (the card's welcome
 * offer, with its estimated dollar value) and 'Referrer shares' (the share as money:
 * '$50 by Zelle within 7 days of the bonus posting'). Each figure says whose it is.
 */
export function ApplicantValue({ referral, size = "sm" }: { referral: ValueReferral; size?: "sm" | "lg" }) {
  const offer = referral.creditCard.welcomeOffer;
  const offerText = formatOffer(offer);
  const estimate = offer && offer.unit !== "USD" ? formatEstimate(offer) : null;
  const offerTermsText = offer ? offerTerms(offer) : "";
  const offerFreeText = referral.creditCard.applyBenefitWithReferral?.trim();
  const big = size === "lg";
  return (
    <dl className={clsx("grid gap-2", big ? "text-base" : "text-sm")}>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted">You get</dt>
        <dd>
          {offerText ? (
            <>
              <span className={clsx("tabular font-semibold text-brand-800", big ? "text-2xl sm:text-3xl" : "text-xl")}>
                {offerText}
              </span>
              {estimate ? <span className="ml-2 whitespace-nowrap text-sm text-muted">{estimate}</span> : null}
              {offerTermsText ? <span className="block text-sm text-muted">{offerTermsText}</span> : null}
            </>
          ) : offerFreeText ? (
            // The offer's own text when it has no structured amount: one statement, never 'no offer' beside it.
            <span className="block whitespace-pre-line">{offerFreeText}</span>
          ) : (
            <span className="text-muted">No welcome offer stated</span>
          )}
          {referral.specialApplicantBonus ? (
            <span className="block text-sm text-success-700">Plus: {referral.specialApplicantBonus.bonus}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted">Referrer shares</dt>
        <dd className="tabular">
          <ShareTerms referral={referral} />
        </dd>
      </div>
    </dl>
  );
}
