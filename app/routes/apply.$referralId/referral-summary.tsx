import { stepUrl } from "./apply-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import type { ApplicantState } from "~/modules/applications/present";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { formatEstimate } from "~/modules/cards/value";
import { ApplicantValue } from "~/modules/referrals/applicant-value";
import { offeredBonus } from "~/modules/referrals/display";
import type { PresentedReferral } from "~/modules/referrals/present";
import { CardArt } from "~/modules/cards/card-art";
import { CardName, CreditBandChip, RemainingWarning } from "~/modules/referrals/referral-card";

/** The card, the applicant's value first and the warning on slots; the view's actions below it. */
export function ReferralHeader({ referral, children }: { referral: PresentedReferral; children: ReactNode }) {
  const card = referral.creditCard;
  return (
    <section aria-labelledby="referral-title" className="space-y-4 rounded-card border border-line bg-surface p-6">
      <div className="flex flex-wrap items-start gap-4">
        <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} className="w-40" />
        <div className="min-w-0 flex-1">
          <h1 id="referral-title" className="text-2xl font-semibold tracking-tight">
            <CardName card={card} />
          </h1>
          <p className="text-sm text-muted">
            {card.issuer} · {card.category} · {formatAnnualFee(card.annualFee)}
          </p>
        </div>
      </div>
      <ApplicantValue referral={referral} size="lg" />
      <RemainingWarning available={referral.availableReferCount} upTo={3} />
      {children}
    </section>
  );
}

/**
 * The applicant's actions by state (docs/product.md#referral-detail): applied ('You applied on
 * {date} - Track it'), full (Apply disabled, the card's other referrals), or Apply with this
 * Referral and 'Already applied? Tell us'.
 */
export function ApplicantActions({ referral, state }: { referral: PresentedReferral; state: ApplicantState }) {
  if (state.application) {
    return (
      <p className="rounded-card bg-success-50 px-4 py-3 text-sm text-success-700">
        You applied on <time dateTime={state.application.createdAt}>{formatDate(state.application.createdAt)}</time>
        {" - "}
        <Link to={`/dashboard/my-applications#application-${state.application.id}`} className="font-semibold underline">
          Track it
        </Link>
      </p>
    );
  }
  if (referral.availableReferCount === 0) {
    const others = state.otherListed;
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" disabled className={buttonClass("primary", "lg")} aria-describedby="referral-full">
          Apply with this Referral
        </button>
        <p id="referral-full" className="text-sm text-muted">
          This referral is full: no referrals left.
        </p>
        {others > 0 ? (
          <Link to={`/cards/${referral.creditCard.slug}`} className="text-sm font-medium text-brand-700 underline">
            {`See ${others} other ${others === 1 ? "referral" : "referrals"} for this card`}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {referral.referralLink ? (
        <ApplyLink referralId={referral._id} />
      ) : (
        <p className="text-sm text-muted">This referral&apos;s link is not available.</p>
      )}
      <Link to={stepUrl(referral._id, "1")} preventScrollReset className="text-sm text-brand-700 underline">
        Already applied? Tell us
      </Link>
    </div>
  );
}

/** Every detail of the listing, the card's texts and its website. */
export function ReferralDetails({ referral }: { referral: PresentedReferral }) {
  const card = referral.creditCard;
  const bonus = offeredBonus(referral);
  const estimate = formatEstimate(bonus);
  const details: [string, ReactNode][] = [
    ["Issuer", card.issuer],
    ["Category", card.category],
    ["Annual fee", formatAnnualFee(card.annualFee)],
    ["Referrer's bonus", `${formatBonus(bonus)}${estimate && bonus.unit !== "USD" ? ` (${estimate})` : ""}`],
    ["Referrer's credit score", <CreditBandChip key="credit" score={referral.referrerCredit} />],
    ["Referrals left", referral.availableReferCount ?? "Unlimited"],
    ["Applications", referral.applicationsCount],
    ["Successful", referral.successfulCount],
    ["Listed", formatDate(referral.createdAt)],
    ["Public code", <code key="code">{referral.code}</code>],
  ];

  return (
    <section aria-labelledby="details-heading" className="space-y-4 rounded-card border border-line bg-surface p-6">
      <h2 id="details-heading" className="text-lg font-semibold">
        Details
      </h2>
      <dl className="divide-y divide-line rounded-card border border-line">
        {details.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-3">
            <dt className="text-muted">{label}</dt>
            <dd className="sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      {referral.additionalInfo ? (
        <div>
          <h3 className="text-sm font-semibold">Additional info from the referrer</h3>
          <p className="mt-1 whitespace-pre-line text-sm">{referral.additionalInfo}</p>
        </div>
      ) : null}
      {card.applyBenefitWithReferral ? (
        <div>
          <h3 className="text-sm font-semibold">The card&apos;s welcome offer, in the issuer&apos;s words</h3>
          <p className="mt-1 whitespace-pre-line text-sm">{card.applyBenefitWithReferral}</p>
        </div>
      ) : null}
      {card.description ? (
        <div>
          <h3 className="text-sm font-semibold">About the card</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {card.description
              .split("\n")
              .filter((line) => line.trim())
              .map((line, index) => (
                <li key={index}>{line}</li>
              ))}
          </ul>
        </div>
      ) : null}
      {card.officialWebsite ? (
        <a
          href={card.officialWebsite}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          Official website
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

/** Opens the referral link in a new tab and, with JavaScript, the apply dialog here. */
function ApplyLink({ referralId }: { referralId: string }) {
  const navigate = useNavigate();
  return (
    <a
      // Through our click-counting redirect (/go/{id}): counted without JavaScript, the link unchanged.
      href={`/go/${referralId}`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => navigate(`/apply/${referralId}?step=1`, { preventScrollReset: true })}
      className={buttonClass("primary", "lg")}
    >
      Apply with this Referral
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
