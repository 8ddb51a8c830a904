import { clsx } from "clsx";
import { StarIcon } from "~/components/ui/star-icon";
import { StarRating, formatRating } from "~/modules/comments/star-rating";
import { figureTexts, type OutcomeFigures } from "./figures";

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
        <li
          key={text}
          className={text.includes("dispute") || text.endsWith("late") ? "font-medium text-danger-700" : undefined}
        >
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * A referrer's reputation as shown on referral cards, the detail page and the profile: the mean to
 * one decimal and the number of reviews, or "No reviews yet". The profile shows five stars and
 * "(n reviews)"; `compact` (referral cards and the detail page's referrer box) one star and "(n)",
 * with the rating spelled out for screen readers.
 */
export function RatingSummary({
  rating,
  reviewCount,
  compact = false,
}: {
  rating: number | null;
  reviewCount: number;
  compact?: boolean;
}) {
  if (rating == null || reviewCount === 0) {
    return <span className={clsx(compact ? "text-xs" : "text-sm", "text-muted")}>No reviews yet</span>;
  }
  if (compact) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted">
        <StarIcon className="size-3.5" />
        <span className="tabular">
          <span className="sr-only">Rated </span>
          {formatRating(rating)}
          <span className="sr-only"> out of 5</span> ({reviewCount})
        </span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <StarRating value={rating} />
      <span className="tabular font-medium text-ink">{formatRating(rating)}</span>
      <span className="text-muted">
        ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </span>
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
