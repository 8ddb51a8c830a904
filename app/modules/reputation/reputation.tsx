import { clsx } from "clsx";
import { StarRating, formatRating } from "~/modules/comments/star-rating";

/**
 * A referrer's reputation as shown on referral cards, the detail page and the profile: stars, the
 * mean to one decimal and the number of reviews, or "No reviews yet".
 */
export function RatingSummary({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (rating == null || reviewCount === 0) return <span className="text-sm text-muted">No reviews yet</span>;
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

/** Badge colours of a referral count (spec section 9): changes at 5, 10 and 20 or more. */
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
