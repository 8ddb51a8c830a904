import { Form } from "@remix-run/react";
import { BackToOutcome } from "~/modules/outcomes/back-to-outcome";
import { Button } from "~/components/ui/button";
import { hasOutcome, VERIFIED_MESSAGES } from "~/modules/reputation/verified";
import type { ApplicationStatus } from "../../../db/enums";
import { COMMENTS_ACTION } from "./forms";
import { StarRatingInput } from "./star-rating";
import type { ApiComment } from "./thread";

/** The form's element id: a refused plain post comes back to it. */
export const confirmRatingFormId = (applicationId: string) => `confirm-rating-${applicationId}`;

/**
 * Asked on the applicant's application once it has its outcome (docs/decisions/175): their rating
 * so far is a first impression; confirming it (or choosing another) makes the review verified, and
 * only then does it count in the referrer's average. A plain post, the same with or without
 * JavaScript; nothing is shown before the outcome, without a review, or once confirmed.
 */
export function ConfirmRatingPrompt({
  applicationId,
  status,
  review,
  currentRating,
}: {
  applicationId: string;
  status: ApplicationStatus;
  review: ApiComment | undefined;
  currentRating: number | null;
}) {
  if (!review || !hasOutcome(status) || review.ratingConfirmedAt) return null;
  const formId = confirmRatingFormId(applicationId);
  return (
    <Form
      method="post"
      action={COMMENTS_ACTION}
      reloadDocument
      id={formId}
      aria-labelledby={`${formId}-title`}
      className="space-y-3 rounded-card border border-brand-200 bg-brand-50 p-4"
    >
      <h3 id={`${formId}-title`} className="text-sm font-semibold">
        {VERIFIED_MESSAGES.promptTitle}
      </h3>
      <p className="text-sm text-ink">{VERIFIED_MESSAGES.promptText(review.rating)}</p>
      <input type="hidden" name="intent" value="confirm-rating" />
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="formId" value={formId} />
      <BackToOutcome applicationId={applicationId} />
      <StarRatingInput
        name="rating"
        legend="Your rating after the outcome"
        defaultValue={currentRating ?? undefined}
        errorId={`${formId}-error`}
      />
      <Button type="submit">Confirm rating</Button>
      <p className="text-xs text-muted">{VERIFIED_MESSAGES.verified} reviews are the only ones in the average.</p>
    </Form>
  );
}
