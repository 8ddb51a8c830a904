import { Link } from "@remix-run/react";
import { clsx } from "clsx";
import { TriangleAlert } from "lucide-react";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { RatingSummary } from "~/modules/reputation/reputation";
import { creditScoreBand, remainingWarning, type CreditBand } from "./display";
import { offeredBonus, type PresentedReferral } from "./present";
import { LazyImage } from "~/components/ui/lazy-image";

const BAND_CLASSES: Record<CreditBand["tone"], string> = {
  success: "bg-success-50 text-success-700",
  brand: "bg-brand-50 text-brand-800",
  warning: "bg-warning-50 text-warning-700",
  muted: "bg-canvas text-muted",
};

export function CreditBandChip({ score }: { score: number | null }) {
  const band = creditScoreBand(score);
  if (!band) return <span className="text-sm text-muted">Credit score not shared</span>;
  return (
    <span className={clsx("rounded-full px-2 py-0.5 text-xs font-medium", BAND_CLASSES[band.tone])}>
      <span className="tabular">{score}</span> · {band.label}
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

/** Issuer initials on a gradient, where a card has no image. */
export function CardArt({ name, issuer, imageUrl }: { name: string; issuer: string; imageUrl: string | null }) {
  if (imageUrl) {
    return <LazyImage src={imageUrl} alt="" width={300} height={190} className="aspect-[30/19] w-full rounded-card" />;
  }
  const initials = issuer
    .split(/\s+/)
    .map((word) => word[0])
    .join("")
    .slice(0, 3)
    .toUpperCase();
  return (
    <div
      aria-hidden
      title={name}
      className="flex aspect-[30/19] w-full items-end rounded-card bg-gradient-to-br from-brand-600 to-brand-900 p-3 text-lg font-semibold tracking-widest text-white"
    >
      {initials}
    </div>
  );
}

/** One referral in the /apply grid. */
export function ReferralCard({ referral }: { referral: PresentedReferral }) {
  const headingId = `referral-${referral._id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4">
      <CardArt
        name={referral.creditCard.name}
        issuer={referral.creditCard.issuer}
        imageUrl={referral.creditCard.imageUrl}
      />
      <div>
        <h3 id={headingId} className="font-semibold">
          {referral.creditCard.name}
        </h3>
        <p className="text-sm text-muted">
          {referral.creditCard.issuer} · {referral.creditCard.category}
        </p>
      </div>
      <p className="tabular text-2xl font-semibold text-brand-800">{formatBonus(offeredBonus(referral))}</p>
      {referral.sharingBenefitPortion > 0 ? (
        <p className="text-sm font-medium text-success-700">
          Shares {referral.sharingBenefitPortion}% of the referral bonus with you
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <CreditBandChip score={referral.referrerCredit} />
        <span className="text-sm text-muted">{formatAnnualFee(referral.creditCard.annualFee)}</span>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>{referral.referrer.name}</span>
        <RatingSummary compact rating={referral.referrer.rating} reviewCount={referral.referrer.reviewCount} />
      </p>
      <RemainingWarning available={referral.availableReferCount} upTo={5} />
      <Link
        to={`/apply/${referral._id}`}
        aria-label={`Details: ${referral.creditCard.name}`}
        className="mt-auto inline-flex h-9 items-center justify-center rounded-card border border-line text-sm font-medium hover:bg-canvas"
      >
        Details
      </Link>
    </li>
  );
}
