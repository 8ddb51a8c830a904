import { Link } from "@remix-run/react";
import { CornerDownRight, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "~/core/format";
import { CommentText } from "./comment-text";
import { useFlashFormError } from "~/components/forms/form-error";
import { commentFormId } from "./form-ids";
import { FollowUpForm } from "./forms";
import { ReplyFormWhenOpened } from "./reply-form";
import { StarRating } from "./star-rating";
import { ReviewMark } from "./review-mark";
import { groupThreads, type ThreadComment, type ThreadPerson } from "./thread";

function Byline({ person, createdAt, children }: { person: ThreadPerson; createdAt: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <Link to={`/profile/${person._id}`} className="font-medium text-ink hover:underline">
        {person.name}
      </Link>
      {children}
      <time dateTime={createdAt} className="text-xs text-muted">
        {formatDate(createdAt)}
      </time>
    </div>
  );
}

/**
 * A disclosure holding a form: works without JavaScript, keeps threads compact. It renders open
 * when a plain post of its form came back refused, so the form shows its error beside itself.
 */
function FormDisclosure({
  summary,
  formId,
  open = false,
  children,
}: {
  summary: string;
  formId: string;
  open?: boolean;
  children: ReactNode;
}) {
  const refused = useFlashFormError(formId) !== null;
  return (
    <details className="group mt-2" open={refused || open || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">{summary}</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

/**
 * Review threads: each review with its stars, then the referrer's replies and the author's
 * follow-ups. The referral's owner gets a reply form on each review, a review's author a follow-up
 * form (the server enforces both). The list scrolls past 24rem (docs/product.md#reviews) unless a
 * form in it is open.
 */
export function CommentThread({
  comments,
  viewerId,
  label,
  emptyText = "No comments yet.",
  offerFollowUp = false,
}: {
  comments: readonly ThreadComment[];
  viewerId: string | null;
  /** The author's share was confirmed: their follow-up (with an updated rating) is offered open. */
  offerFollowUp?: boolean;
  /** The accessible name of the scrolling list, e.g. "Comments on Sapphire Preferred". */
  label: string;
  emptyText?: string;
}) {
  const threads = groupThreads(comments);
  if (threads.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <MessageSquare aria-hidden className="size-4" /> {emptyText}
      </p>
    );
  }
  return (
    // The region scrolls, so it must be reachable by keyboard. While a reply or follow-up form is
    // open the box grows to hold it: a scroll box would cut off the form's own submit button.
    <section
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-h-96 space-y-4 overflow-y-auto pr-1 has-[details[open]]:max-h-none has-[details[open]]:overflow-visible"
    >
      <ul className="space-y-4">
        {threads.map(({ review, responses, currentRating }) => (
          <li key={review._id} className="rounded-card border border-line bg-canvas p-3">
            <article aria-label={`Review by ${review.applicant.name}`}>
              <Byline person={review.applicant} createdAt={review.createdAt}>
                {currentRating ? <StarRating value={currentRating} /> : null}
                <ReviewMark comment={review} />
              </Byline>
              <div className="mt-1">
                <CommentText text={review.comment} />
              </div>
            </article>
            {responses.length > 0 ? (
              <ul className="mt-3 space-y-3 border-l-2 border-line pl-3">
                {responses.map((response) => {
                  const isReply = response.commentType === "referrerReply";
                  const author = isReply ? response.referrer : response.applicant;
                  return (
                    <li key={response._id}>
                      <article aria-label={isReply ? `Reply from ${author.name}` : `Follow-up from ${author.name}`}>
                        <Byline person={author} createdAt={response.createdAt}>
                          <span className="inline-flex items-center gap-1 rounded-full bg-surface px-2 py-0.5 text-xs text-muted ring-1 ring-line">
                            <CornerDownRight aria-hidden className="size-3" />
                            {isReply ? "Referrer reply" : "Follow-up"}
                          </span>
                          {response.ratingUpdated && response.rating ? (
                            <span className="inline-flex items-center gap-1 text-xs text-muted">
                              Updated rating <StarRating value={response.rating} />
                            </span>
                          ) : null}
                          {isReply ? null : <ReviewMark comment={response} />}
                        </Byline>
                        <div className="mt-1">
                          <CommentText text={response.comment} />
                        </div>
                      </article>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {viewerId && viewerId === review.referrer._id ? (
              <FormDisclosure summary="Reply" formId={commentFormId.reply(review._id)}>
                <ReplyFormWhenOpened referralId={review.referralId} reviewId={review._id} />
              </FormDisclosure>
            ) : null}
            {viewerId && viewerId === review.userId ? (
              <FormDisclosure
                summary={
                  offerFollowUp ? "Your share arrived: add a follow-up and update your rating" : "Add a follow-up"
                }
                formId={commentFormId.followUp(review._id)}
                open={offerFollowUp}
              >
                <FollowUpForm referralId={review.referralId} reviewId={review._id} currentRating={currentRating} />
              </FormDisclosure>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
