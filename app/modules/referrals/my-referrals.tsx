import { Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { FormError, useFlashFormId } from "~/components/forms/form-error";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import type { FormFailure } from "~/core/form-failure";
import { LazyCommentThread } from "~/modules/comments/lazy-comment-thread";
import { threadHoldsForm } from "~/modules/comments/form-ids";
import type { ThreadComment } from "~/modules/comments/thread";
import type { MyReferralView } from "./present-my-referral";
import { REFERRAL_MESSAGES } from "./schemas";
import { ReferralTypeTab } from "./type-tab";
import { manageUrl } from "./owner-panel";
import { REFERRAL_STATUS_ACTION } from "./display";
import { LinkCheckNote } from "~/modules/links/link-check-note";
import { ReviewNote, reviewBadge } from "~/modules/links/review-note";

export type MyReferral = MyReferralView & { commentsCount: number; comments: ThreadComment[] };

/**
 * Where Mark as Inactive and Reopen post, from /refer too (app/routes/dashboard.my-referrals.tsx):
 * one declaration of the two intents. Success comes back to the page with the toast.
 */

/** A refused Mark as Inactive / Reopen: its message, and the referral it was for (`id`). */
type StatusFailure = Pick<FormFailure, "ok" | "message" | "id">;

/**
 * The 'My Referrals' list of /refer and /dashboard/my-referrals (docs/product.md#my-referrals): a Credit Cards
 * tab, loading and empty states, and per referral its counts, comments and the owner's actions.
 */
export function MyReferrals({
  referrals,
  nextCursor,
  viewerId,
  failure,
  emptyHint,
}: {
  referrals: MyReferral[];
  nextCursor: string | null;
  /** The owner, who may reply to each review. */
  viewerId: string;
  /** A refusal posted without JavaScript (the status action's own page shows it). */
  failure?: StatusFailure;
  /** What to do next when there are none yet, under the spec's empty text (the page knows where to start). */
  emptyHint?: ReactNode;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <section aria-labelledby="my-referrals-heading" className="space-y-4">
      <h2 id="my-referrals-heading" className="text-xl font-semibold tracking-tight">
        My Referrals
      </h2>
      <ReferralTypeTab label="Credit Cards" />
      <div role="tabpanel" aria-label="Credit Cards" aria-busy={loading}>
        {loading ? (
          <p role="status" className="py-6 text-sm text-muted">
            Loading referrals...
          </p>
        ) : referrals.length === 0 ? (
          <div className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-sm text-muted">
            <p className="font-medium text-ink">No credit card referrals found.</p>
            {emptyHint ? <div className="mx-auto mt-2 max-w-md">{emptyHint}</div> : null}
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {referrals.map((referral) => (
              <MyReferralCard
                key={referral._id}
                referral={referral}
                viewerId={viewerId}
                failure={failure?.id === referral._id ? failure : undefined}
              />
            ))}
          </ul>
        )}
        {nextCursor ? (
          <Link to={`?cursor=${encodeURIComponent(nextCursor)}`} className={buttonClass("secondary", "sm", "mt-4")}>
            Show more
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function MyReferralCard({
  referral,
  viewerId,
  failure,
}: {
  referral: MyReferral;
  viewerId: string;
  failure?: StatusFailure;
  /** What to do next when there are none yet, under the spec's empty text (the page knows where to start). */
  emptyHint?: ReactNode;
}) {
  const location = useLocation();
  const fetcher = useFetcher<StatusFailure>();
  const busy = fetcher.state !== "idle";
  const flashFormId = useFlashFormId();
  const refusal = fetcher.data ?? failure;
  return (
    <li
      aria-label={referral.creditCard.name}
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{referral.creditCard.name}</h3>
          <p className="text-sm text-muted">{referral.creditCard.issuer}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">Credit Card</span>
          {referral.held || reviewBadge(referral) ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              {referral.held ? "Paused after reports" : reviewBadge(referral)}
            </span>
          ) : !referral.isActive ? (
            <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-muted">Inactive</span>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-muted">
        Created {formatDate(referral.createdAt)}
        {referral.linkConfirmedAt ? ` · Link confirmed ${formatDate(referral.linkConfirmedAt)}` : null}
      </p>
      {referral.linkStale && !referral.held ? (
        <p className="text-sm text-amber-900">
          Not confirmed for 90 days: it now shows after fresher referrals. Confirm the link works to lift it.
        </p>
      ) : null}
      {referral.held ? <p className="text-sm text-amber-900">{REFERRAL_MESSAGES.heldNote}</p> : null}
      <ReviewNote referral={referral} />
      <LinkCheckNote check={referral.linkCheck} />
      {referral.sharingBenefitPortion > 0 && !referral.shareTermsConfirmed ? (
        // A share its referrer has not confirmed (docs/decisions/185): the valuation's amount, 'agreed in chat'.
        <div className="rounded-card border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong>Confirm your share:</strong> applicants see &ldquo;{referral.shareText}&rdquo;.{" "}
          <Link to={manageUrl(referral._id)} className="font-medium underline">
            Confirm the amount and method
          </Link>
        </div>
      ) : null}
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-muted">Applications</dt>
          <dd className="tabular text-lg font-semibold">{referral.applicationsCount}</dd>
        </div>
        <div>
          <dt className="text-muted">Successful</dt>
          <dd className="tabular text-lg font-semibold">{referral.successfulCount}</dd>
        </div>
      </dl>
      <details
        className="rounded-card border border-line px-3 py-2 text-sm"
        open={threadHoldsForm(flashFormId, referral._id, referral.comments) || undefined}
      >
        <summary className="cursor-pointer font-medium">Comments ({referral.commentsCount})</summary>
        <div className="mt-2">
          {/* A closed <details>: its thread loads beside the page. */}
          <LazyCommentThread
            comments={referral.comments}
            viewerId={viewerId}
            label={`Comments on ${referral.creditCard.name}`}
          />
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        {referral.moderated ? (
          <p className="text-sm text-muted">{REFERRAL_MESSAGES.moderatedNote}</p>
        ) : referral.held || referral.isActive ? (
          <fetcher.Form method="post" action={REFERRAL_STATUS_ACTION}>
            <input type="hidden" name="intent" value="confirm-link" />
            <input type="hidden" name="id" value={referral._id} />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <Button type="submit" size="sm" variant={referral.held ? "primary" : "ghost"} disabled={busy}>
              {referral.held ? "The link works: bring it back" : "Confirm the link works"}
            </Button>
          </fetcher.Form>
        ) : null}
        {referral.moderated || referral.held || referral.review?.held ? null : (
          <fetcher.Form method="post" action={REFERRAL_STATUS_ACTION}>
            <input type="hidden" name="intent" value={referral.isActive ? "mark-inactive" : "reopen"} />
            <input type="hidden" name="id" value={referral._id} />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <Button
              type="submit"
              size="sm"
              variant={referral.isActive ? "secondary" : "primary"}
              disabled={busy}
              className={clsx(busy && "opacity-60")}
            >
              {referral.isActive ? "Mark as Inactive" : "Reopen"}
            </Button>
          </fetcher.Form>
        )}
        <Link to={`/apply/${referral._id}`} className={buttonClass("ghost", "sm")}>
          View Details
        </Link>
        <Link to={manageUrl(referral._id)} className={buttonClass("ghost", "sm")}>
          Edit and applicants
        </Link>
      </div>
      <FormError message={refusal && !refusal.ok ? refusal.message : null} answer={refusal} />
    </li>
  );
}
