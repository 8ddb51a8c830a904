import { Link } from "@remix-run/react";
import { MessageSquare } from "lucide-react";
import { FormError, useFlashFormId } from "~/components/forms/form-error";
import { formatDate } from "~/core/format";
import type { ApiApplication } from "~/modules/applications/present";
import { TIP_STATUSES } from "~/modules/applications/status";
import { StatusBadge } from "~/modules/applications/status-badge";
import { CommentThread } from "~/modules/comments/comment-thread";
import { threadHoldsForm } from "~/modules/comments/form-ids";
import { ReviewForm } from "~/modules/comments/forms";
import { groupThreads, type ApiComment } from "~/modules/comments/thread";
import { ConfirmRatingPrompt } from "~/modules/comments/confirm-rating";
import { TipOptions } from "~/modules/payments/tip-options";
import { StatusMenu } from "./status-menu";
import { OutcomeTimeline } from "~/modules/outcomes/timeline";

/** The share the referrer promised when the member applied, as money (recorded then; later edits leave it). */
function promisedShareText(promised: ApiApplication["promisedShare"]) {
  return promised.text ?? "Nothing promised";
}

/** One application: its card, status and menu, dates, tips when it went well, and the applicant's comments. */
export function ApplicationCard({
  application,
  viewerId,
  refusal,
}: {
  application: ApiApplication & { comments: ApiComment[] };
  viewerId: string;
  /** Why the last status change of this application was refused. */
  refusal: string | null;
}) {
  const headingId = `application-${application._id}`;
  const applied = formatDate(application.createdAt);
  const updated = formatDate(application.updatedAt);
  // A refused plain post (no JavaScript) of a form in this thread comes back with it open.
  const flashFormId = useFlashFormId();
  const review = application.comments.find(
    (comment) => comment.commentType === "applicantToReferrer" && comment.userId === viewerId,
  );
  const hasReview = review !== undefined;
  const currentRating = groupThreads(application.comments).find((thread) => thread.review === review)?.currentRating;
  // Once the share is confirmed, the follow-up review is offered (docs/product.md#outcomes).
  const shareConfirmed = application.outcome.steps.some((entry) => entry.step === "share-received");
  return (
    <article aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            {application.creditCard.name}
          </h2>
          <p className="text-sm text-muted">{application.creditCard.issuer}</p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={application.status} />
          <StatusMenu
            applicationId={application._id}
            status={application.status}
            cardName={application.creditCard.name}
          />
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Referrer</dt>
          <dd>
            <Link to={`/profile/${application.referrer._id}`} className="font-medium text-brand-700 hover:underline">
              {application.referrer.name}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Referrer shares</dt>
          <dd>{promisedShareText(application.promisedShare)}</dd>
        </div>
        <div>
          <dt className="text-muted">Applied on</dt>
          <dd>
            <time dateTime={application.createdAt}>{applied}</time>
          </dd>
        </div>
        {updated !== applied ? (
          <div>
            <dt className="text-muted">Updated on</dt>
            <dd>
              <time dateTime={application.updatedAt}>{updated}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {/* Said once: a toast with JavaScript, here without. */}
      <div className="mt-3 empty:hidden">
        <FormError message={refusal} />
      </div>
      {application.additionalInfo ? (
        <p className="mt-3 whitespace-pre-line text-sm text-ink">{application.additionalInfo}</p>
      ) : null}
      <div className="mt-4 border-t border-line pt-3">
        <OutcomeTimeline application={application} side="applicant" />
      </div>
      <div className="mt-4 empty:hidden">
        <ConfirmRatingPrompt
          applicationId={application._id}
          status={application.status}
          review={review}
          currentRating={currentRating ?? null}
        />
      </div>
      {TIP_STATUSES.includes(application.status) ? (
        <div className="mt-4">
          <TipOptions referralId={application.referral._id} />
        </div>
      ) : null}
      <details
        className="mt-4 rounded-card border border-line"
        open={
          threadHoldsForm(flashFormId, application.referral._id, application.comments) || shareConfirmed || undefined
        }
      >
        <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
          <MessageSquare aria-hidden className="size-4" /> Comments ({application.comments.length})
        </summary>
        <div className="space-y-4 border-t border-line p-3">
          <CommentThread
            comments={application.comments}
            viewerId={viewerId}
            label={`Comments on ${application.creditCard.name}`}
            emptyText="You have not reviewed this referrer yet."
            offerFollowUp={shareConfirmed}
          />
          {hasReview ? null : <ReviewForm referralId={application.referral._id} />}
        </div>
      </details>
    </article>
  );
}
