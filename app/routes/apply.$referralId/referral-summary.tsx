import { stepUrl } from "./apply-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { FormMessage } from "~/components/forms/field";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import type { PresentedReferral } from "~/modules/referrals/present";
import { CardArt, CreditBandChip, RemainingWarning } from "~/modules/referrals/referral-card";

/** The referral's card, bonus, the way to apply and every detail of the listing. */
export function ReferralSummary({ referral }: { referral: PresentedReferral }) {
  const card = referral.creditCard;
  const details: [string, ReactNode][] = [
    ["Issuer", card.issuer],
    ["Category", card.category],
    ["Annual fee", formatAnnualFee(card.annualFee)],
    ["Card referral bonus", formatBonus(card.referralBonus)],
    ["Referrer's bonus", referral.specialReferrerBonus ? formatBonus(referral.specialReferrerBonus) : "As the card's"],
    [
      "Sharing",
      referral.sharingBenefitPortion > 0
        ? `The referrer shares ${referral.sharingBenefitPortion}% of the referral bonus with you`
        : "No sharing offered",
    ],
    ["Special bonus for applicants", referral.specialApplicantBonus?.bonus ?? "None"],
    ["Referrer's credit score", <CreditBandChip key="credit" score={referral.referrerCredit} />],
    ["Referrals left", referral.availableReferCount ?? "Unlimited"],
    ["Applications", referral.applicationsCount],
    ["Successful", referral.successfulCount],
    ["Listed", formatDate(referral.createdAt)],
    ["Public code", <code key="code">{referral.code}</code>],
  ];

  return (
    <section aria-labelledby="referral-title" className="space-y-4 rounded-card border border-line bg-surface p-6">
      <div className="grid gap-4 sm:grid-cols-[200px_1fr]">
        <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} />
        <div className="space-y-2">
          <h1 id="referral-title" className="text-2xl font-semibold tracking-tight">
            {card.name}
          </h1>
          <p className="tabular text-3xl font-semibold text-brand-800">
            {formatBonus(referral.specialReferrerBonus ?? card.referralBonus)}
          </p>
          {referral.sharingBenefitPortion > 0 ? (
            <p className="font-medium text-success-700">
              Shares {referral.sharingBenefitPortion}% of the referral bonus with you
            </p>
          ) : null}
          <RemainingWarning available={referral.availableReferCount} upTo={3} />
        </div>
      </div>
      {referral.isOwner ? (
        <FormMessage tone="info">You are the referrer</FormMessage>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          {referral.referralLink ? (
            <ApplyLink href={referral.referralLink} referralId={referral._id} />
          ) : (
            <p className="text-sm text-muted">This referral&apos;s link is not available.</p>
          )}
          <Link to={stepUrl(referral._id, "1")} preventScrollReset className="text-sm text-brand-700 underline">
            Already applied? Tell us
          </Link>
        </div>
      )}
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
          <h2 className="text-sm font-semibold">Additional info</h2>
          <p className="mt-1 whitespace-pre-line text-sm">{referral.additionalInfo}</p>
        </div>
      ) : null}
      {card.applyBenefitWithReferral ? (
        <div>
          <h2 className="text-sm font-semibold">Benefit when applying with a referral</h2>
          <p className="mt-1 whitespace-pre-line text-sm">{card.applyBenefitWithReferral}</p>
        </div>
      ) : null}
      {card.description ? (
        <div>
          <h2 className="text-sm font-semibold">About the card</h2>
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
function ApplyLink({ href, referralId }: { href: string; referralId: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
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
