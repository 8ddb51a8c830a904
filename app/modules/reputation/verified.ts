/**
 * The one rule of a verified review (docs/decisions/175): the applicant confirmed (or changed) its
 * rating after their application had its outcome (the bonus received, or closed without one), and
 * the application still has it. Before that the review's rating is a first impression and stays
 * out of the referrer's average. The SQL form (verified.server.ts) is built from the same statuses.
 * Browser-safe.
 */
import { OUTCOME_STATUSES, type ApplicationStatus } from "../../../db/enums";

/** Whether an application with this status has its outcome (a rating can be confirmed). */
export function hasOutcome(status: ApplicationStatus): boolean {
  return (OUTCOME_STATUSES as readonly ApplicationStatus[]).includes(status);
}

/** Whether a review counts in its referrer's average. */
export function isVerifiedReview(review: {
  applicationStatus: ApplicationStatus | null;
  ratingConfirmedAt: Date | string | null;
}): boolean {
  return review.ratingConfirmedAt != null && review.applicationStatus != null && hasOutcome(review.applicationStatus);
}

/** "from 5 verified reviews": the basis every average is shown with. */
export function verifiedBasisText(count: number) {
  return `from ${count} verified ${count === 1 ? "review" : "reviews"}`;
}

/** Where a referrer's reviews are read (the profile's Reviews tab). */
export function reviewsHref(referrerId: string) {
  return `/profile/${referrerId}?tab=reviews#reviews`;
}

export const VERIFIED_MESSAGES = {
  firstImpression: "First impression",
  verified: "Verified outcome",
  noVerified: "No verified reviews yet",
  needsOutcome: "Your rating counts once the application has its outcome: the bonus received, denied or cancelled.",
  noReview: "You have not rated this referrer yet.",
  confirmed: "Rating confirmed: it now counts in the referrer's reputation",
  onlyApplicant: "Only the applicant can confirm this rating.",
  /** The prompt to confirm the rating after the outcome: on My Applications and by email. */
  promptTitle: "The outcome is in: confirm your rating",
  promptText: (rating: number | null) =>
    `Your rating of ${rating} of 5 was a first impression and does not count yet. Confirm it, or choose another now that you know how it went: it then counts in the referrer's reputation.`,
} as const;
