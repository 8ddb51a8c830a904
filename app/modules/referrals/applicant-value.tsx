import { clsx } from "clsx";
import { formatEstimate, formatOffer, offerTerms } from "~/modules/cards/value";
import { offeredBonus, type PresentedReferral } from "./present";
import { shareText, shareValue } from "./share";

type ValueReferral = Pick<
  PresentedReferral,
  "specialReferrerBonus" | "sharingBenefitPortion" | "specialApplicantBonus"
> & {
  creditCard: Pick<PresentedReferral["creditCard"], "welcomeOffer" | "referralBonus"> &
    Partial<Pick<PresentedReferral["creditCard"], "applyBenefitWithReferral">>;
};

/**
 * What the applicant gets, first (docs/product.md#find-referrals): 'You get' (the card's welcome
 * offer, with its estimated dollar value) and 'Referrer shares' (the promised share of the
 * referrer's bonus turned into an amount). Each figure says whose it is.
 */
export function ApplicantValue({ referral, size = "sm" }: { referral: ValueReferral; size?: "sm" | "lg" }) {
  const offer = referral.creditCard.welcomeOffer;
  const offerText = formatOffer(offer);
  const estimate = offer && offer.unit !== "USD" ? formatEstimate(offer) : null;
  const offerTermsText = offer ? offerTerms(offer) : "";
  const terms = { percent: referral.sharingBenefitPortion, bonus: offeredBonus(referral) };
  const shared = shareValue(terms) !== null;
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
        <dd className={clsx("tabular", shared ? "font-medium text-success-700" : "text-muted")}>{shareText(terms)}</dd>
      </div>
    </dl>
  );
}
