import { Link } from "@remix-run/react";
import { clsx } from "clsx";
import { TriangleAlert } from "lucide-react";
import { formatAnnualFee } from "~/modules/cards/display";
import { CardArt } from "~/modules/cards/card-art";
import { ReferrerReputation } from "~/modules/reputation/reputation";
import { ApplicantValue } from "./applicant-value";
import { creditScoreBand, remainingWarning, type CreditBand } from "./display";
import type { PresentedReferral, ReferralTile } from "./present";

const BAND_CLASSES: Record<CreditBand["tone"], string> = {
  success: "bg-success-50 text-success-700",
  brand: "bg-brand-50 text-brand-800",
  warning: "bg-warning-50 text-warning-700",
  muted: "bg-canvas text-muted",
};

/**
 * The score the referrer was approved with and its band (docs/decisions/185), only when they chose
 * to show it: an approval data point, not advice to the applicant.
 */
export function CreditBandChip({ score }: { score: number | null }) {
  const band = creditScoreBand(score);
  if (!band) return <span className="text-sm text-muted">Referrer&apos;s credit score not shared</span>;
  return (
    <span className={clsx("w-fit rounded-full px-2 py-0.5 text-xs font-medium", BAND_CLASSES[band.tone])}>
      Approved with <span className="tabular">{score}</span> · {band.label}
    </span>
  );
}

export function RemainingWarning({ available, upTo }: { available: number | null; upTo: 3 | 5 }) {
  const text = remainingWarning(available, upTo);
  if (!text) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-warning-700">
      <TriangleAlert aria-hidden className="size-4" />
      {text}
    </p>
  );
}

/**
 * A card's name, linking to its public page (every referral for the card) when the card is
 * listed; a member's card waiting for review has no page yet.
 */
export function CardName({ card }: { card: Pick<PresentedReferral["creditCard"], "active" | "name" | "slug"> }) {
  if (!card.active) return <>{card.name}</>;
  return (
    <Link to={`/cards/${card.slug}`} className="hover:underline">
      {card.name}
    </Link>
  );
}

/** One referral in the /apply grid: the applicant's value first, then the referrer. */
export function ReferralCard({ referral }: { referral: ReferralTile }) {
  const headingId = `referral-${referral._id}`;
  const card = referral.creditCard;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4">
      <div className="flex items-start gap-3">
        <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold leading-snug">
            <CardName card={card} />
          </h3>
          <p className="text-sm text-muted">
            {card.issuer} · {card.category} · {formatAnnualFee(card.annualFee)}
          </p>
        </div>
        {referral.isOwner ? (
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            Yours
          </span>
        ) : null}
      </div>
      <ApplicantValue referral={referral} />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-muted">Referrer</span>
        <span className="font-medium">{referral.referrer.name}</span>
      </div>
      <ReferrerReputation compact referrer={referral.referrer} />
      <CreditBandChip score={referral.referrerCredit} />
      <RemainingWarning available={referral.availableReferCount} upTo={5} />
      <Link
        to={`/apply/${referral._id}`}
        aria-label={`Details: ${card.name}`}
        className="mt-auto inline-flex h-9 items-center justify-center rounded-card border border-line text-sm font-medium hover:bg-canvas"
      >
        Details
      </Link>
    </li>
  );
}
