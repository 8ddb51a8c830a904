import { clsx } from "clsx";
import { StarIcon } from "~/components/ui/star-icon";
import { StarRating, formatRating } from "~/modules/comments/star-rating";
import { figureTexts, type OutcomeFigures } from "./figures";
import { reviewsHref, VERIFIED_MESSAGES, verifiedBasisText } from "./verified";

/**
 * A referrer's confirmed outcomes (docs/decisions/170): confirmed successes, 'Paid 9 of 10
 * promised shares', the median days to pay and open disputes; 'No confirmed outcomes yet' before
 * any. `compact` (tiles) shows them on one wrapping line.
 */
export function OutcomeSummary({ figures, compact = false }: { figures: OutcomeFigures; compact?: boolean }) {
  const texts = figureTexts(figures);
  if (texts.length === 0) {
    return <span className={clsx(compact ? "text-xs" : "text-sm", "text-muted")}>No confirmed outcomes yet</span>;
  }
  return (
    <ul
      aria-label="Confirmed outcomes"
      className={clsx("flex flex-wrap gap-x-3 gap-y-1", compact ? "text-xs text-muted" : "text-sm text-ink")}
    >
      {texts.map((text) => (
        <li key={text} className={/dispute|late/.test(text) ? "font-medium text-danger-700" : undefined}>
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * A referrer's stars as shown on referral cards, the detail page, /r/{code} and the profile: the
 * mean of their verified reviews with its basis ("4.6 from 5 verified reviews"), linking to the
 * reviews; "No verified reviews yet" before the first (docs/decisions/175). The profile shows five
 * stars; `compact` one.
 */
export function RatingSummary({
  referrerId,
  rating,
  verifiedReviewCount,
  compact = false,
}: {
  referrerId: string;
  rating: number | null;
  verifiedReviewCount: number;
  compact?: boolean;
}) {
  if (rating == null || verifiedReviewCount === 0) {
    return <span className={clsx(compact ? "text-xs" : "text-sm", "text-muted")}>{VERIFIED_MESSAGES.noVerified}</span>;
  }
  return (
    // A plain link: the summary also renders outside a router (the share image, unit tests).
    <a
      href={reviewsHref(referrerId)}
      className={clsx("inline-flex items-center gap-1.5 hover:underline", compact ? "text-xs text-muted" : "text-sm")}
    >
      {compact ? <StarIcon className="size-3.5" /> : <StarRating value={rating} />}
      <span className="tabular">
        <span className={compact ? undefined : "font-medium text-ink"}>{formatRating(rating)}</span>
        <span className="sr-only"> out of 5</span>{" "}
        <span className="text-muted">{verifiedBasisText(verifiedReviewCount)}</span>
      </span>
    </a>
  );
}

/**
 * Everywhere a referrer is shown: first what they did (confirmed successes, shares paid of
 * promised, days to pay, disputes), then the stars of verified reviews, each on its own line.
 */
export function ReferrerReputation({
  referrer,
  compact = false,
}: {
  referrer: OutcomeFigures & { _id: string; rating: number | null; verifiedReviewCount: number };
  compact?: boolean;
}) {
  return (
    <div className="space-y-1">
      <div>
        <OutcomeSummary compact={compact} figures={referrer} />
      </div>
      <div>
        <RatingSummary
          compact={compact}
          referrerId={referrer._id}
          rating={referrer.rating}
          verifiedReviewCount={referrer.verifiedReviewCount}
        />
      </div>
    </div>
  );
}

/** Badge colours of a referral count (docs/product.md#display-formats): changes at 5, 10 and 20 or more. */
export function referralCountTone(count: number) {
  if (count >= 20) return "bg-brand-800 text-white";
  if (count >= 10) return "bg-brand-600 text-white";
  if (count >= 5) return "bg-brand-100 text-brand-800";
  return "bg-canvas text-muted border border-line";
}

export function ReferralCountBadge({ count }: { count: number }) {
  return (
    <span
      className={clsx("tabular inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium", referralCountTone(count))}
    >
      {count} {count === 1 ? "referral" : "referrals"}
    </span>
  );
}
