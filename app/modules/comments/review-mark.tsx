import { BadgeCheck } from "lucide-react";
import { VERIFIED_MESSAGES } from "~/modules/reputation/verified";
import type { ReviewStage } from "../../../db/enums";
import type { ApiComment } from "./thread";

/** How a review's stage reads beside it when it is not verified (a verified one says only that). */
export const REVIEW_STAGE_LABELS: Record<ReviewStage, string> = {
  applied: "First impression",
  bonus: "After the bonus",
  share: "After the share",
};

/** What a referral page without reviews of its own says above the referrer's others (docs/decisions/175). */
export function otherReferralsReviewsText(referrerName: string) {
  return `No reviews of this referral yet. The latest reviews of ${referrerName}'s other referrals:`;
}

/**
 * One mark per comment (docs/decisions/175), the same on the referral page's threads and on
 * /r/{code}: a verified review says so, with its first impression when the applicant changed it;
 * anything else says when it was written ('First impression', 'After the bonus', ...). Never both.
 */
export function ReviewMark({
  comment,
}: {
  comment: Pick<ApiComment, "verifiedOutcome" | "stage" | "rating" | "confirmedRating">;
}) {
  if (!comment.verifiedOutcome) {
    return <span className="text-xs text-muted">{REVIEW_STAGE_LABELS[comment.stage]}</span>;
  }
  return (
    <>
      <span className="inline-flex items-center gap-1 rounded-full bg-success-50 px-2 py-0.5 text-xs font-medium text-success-700">
        <BadgeCheck aria-hidden className="size-3" /> {VERIFIED_MESSAGES.verified}
      </span>
      {comment.rating && comment.confirmedRating !== comment.rating ? (
        <span className="text-xs text-muted">(first impression {comment.rating} of 5)</span>
      ) : null}
    </>
  );
}
