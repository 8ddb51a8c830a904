import { Link } from "@remix-run/react";
import { Lock } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { LazyCommentThread } from "~/modules/comments/lazy-comment-thread";
import type { ApiComment } from "~/modules/comments/thread";
import { PRIVATE_CONTENT } from "~/utils/messages";

/**
 * The Reviews tab: what applicants wrote about the member as a referrer, with replies and
 * follow-ups, newest first; **Older reviews** pages by keyset (`?tab=reviews&before=`). Private
 * when the member hides their referrals (each review is about one).
 */
export function ReviewsTab({
  reviews,
  olderThan,
  viewerId,
  name,
}: {
  reviews: ApiComment[] | null;
  olderThan: string | null;
  viewerId: string | null;
  name: string;
}) {
  if (reviews === null) {
    return (
      <div className="flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
        <Lock aria-hidden className="size-6 text-muted" />
        <p className="mt-3 font-medium">{PRIVATE_CONTENT}</p>
        <p className="mt-1 text-sm text-muted">This member keeps their referrals and their reviews private.</p>
      </div>
    );
  }
  return (
    <div className="rounded-card border border-line bg-surface p-4">
      <LazyCommentThread
        comments={reviews}
        viewerId={viewerId}
        label={`Reviews of ${name} as a referrer`}
        emptyText="No reviews yet. Reviews appear here when applicants rate this member's referrals."
      />
      {olderThan ? (
        <div className="mt-4 text-center">
          <Link
            to={`?tab=reviews&before=${encodeURIComponent(olderThan)}`}
            preventScrollReset
            className={buttonClass("secondary", "sm")}
          >
            Older reviews
          </Link>
        </div>
      ) : null}
    </div>
  );
}
