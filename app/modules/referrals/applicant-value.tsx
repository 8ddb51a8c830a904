import { clsx } from "clsx";
import { formatBonus } from "~/modules/cards/display";
import { formatEstimate, formatOffer, formatShare, offerTerms } from "~/modules/cards/value";
import { offeredBonus, type PresentedReferral } from "./present";

type ValueReferral = Pick<
  PresentedReferral,
  "specialReferrerBonus" | "sharingBenefitPortion" | "specialApplicantBonus"
> & { creditCard: Pick<PresentedReferral["creditCard"], "welcomeOffer" | "referralBonus"> };

/**
 * What the applicant gets, first (docs/product.md#find-referrals): 'You get' (the card's welcome
 * offer, with its estimated dollar value) and 'Referrer shares' (the promised share of the
 * referrer's bonus turned into an amount). Each figure says whose it is.
 */
export function ApplicantValue({ referral, size = "sm" }: { referral: ValueReferral; size?: "sm" | "lg" }) {
  const offer = referral.creditCard.welcomeOffer;
  const offerText = formatOffer(offer);
  const estimate = offer && offer.unit !== "USD" ? formatEstimate(offer) : null;
  const terms = offer ? offerTerms(offer) : "";
  const share = formatShare(referral.sharingBenefitPortion, offeredBonus(referral));
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
              {terms ? <span className="block text-sm text-muted">{terms}</span> : null}
            </>
          ) : (
            <span className="text-muted">No fixed welcome offer</span>
          )}
          {referral.specialApplicantBonus ? (
            <span className="block text-sm text-success-700">Plus: {referral.specialApplicantBonus.bonus}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted">Referrer shares</dt>
        <dd className={clsx("tabular", share ? "font-medium text-success-700" : "text-muted")}>
          {share ?? sharedPercent(referral)}
        </dd>
      </div>
    </dl>
  );
}

/** A share that has no amount to turn it into (a percentage cashback bonus, or none stated). */
function sharedPercent(referral: ValueReferral) {
  if (!(referral.sharingBenefitPortion > 0)) return "Nothing shared";
  const bonus = offeredBonus(referral);
  return bonus.amount > 0
    ? `${referral.sharingBenefitPortion}% of ${formatBonus(bonus)}`
    : `${referral.sharingBenefitPortion}% of the referral bonus`;
}
