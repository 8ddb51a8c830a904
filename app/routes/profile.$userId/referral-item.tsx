import { FormError } from "~/components/forms/form-error";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import type { FormFailure } from "~/core/form-failure";
import { REFERRAL_STATUS_ACTION } from "~/modules/referrals/display";
import type { PresentedReferral } from "~/modules/referrals/present";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";

/** One referral of the member's list; its owner may reopen it from here. */
export function ReferralItem({ referral, isOwner }: { referral: PresentedReferral; isOwner: boolean }) {
  return (
    <article className="h-full rounded-card border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">
            {referral.isActive ? (
              // The public page (docs/product.md#shared-referrals): visitors can read it and sign up from it.
              <Link to={referral.code ? `/r/${referral.code}` : `/apply/${referral._id}`} className="hover:underline">
                {referral.creditCard.name}
              </Link>
            ) : (
              referral.creditCard.name
            )}
          </h2>
          <p className="text-sm text-muted">{referral.creditCard.issuer}</p>
        </div>
        <span
          className={clsx(
            "rounded-full px-2.5 py-0.5 text-xs font-medium ring-1",
            referral.isActive ? "bg-success-50 text-success-700 ring-success-700/20" : "bg-canvas text-muted ring-line",
          )}
        >
          {referral.isActive ? "Active" : "Inactive"}
        </span>
      </div>
      <dl className="tabular mt-3 flex gap-6 text-sm">
        <div>
          <dt className="text-muted">Applications</dt>
          <dd className="font-medium">{referral.applicationsCount}</dd>
        </div>
        <div>
          <dt className="text-muted">Successful</dt>
          <dd className="font-medium">{referral.successfulCount}</dd>
        </div>
        <div>
          <dt className="text-muted">Created</dt>
          <dd>
            <time dateTime={referral.createdAt}>{formatDate(referral.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {isOwner && referral.moderated ? (
        <p className="mt-3 text-sm text-muted">{REFERRAL_MESSAGES.moderatedNote}</p>
      ) : null}
      {isOwner && !referral.isActive && !referral.moderated ? <ReopenForm referral={referral} /> : null}
    </article>
  );
}

/**
 * Reopen posts to My Referrals' status action (one declaration of it); success comes back here with
 * the toast, a refusal shows beside the card.
 */
function ReopenForm({ referral }: { referral: PresentedReferral }) {
  const location = useLocation();
  const fetcher = useFetcher<Pick<FormFailure, "ok" | "message">>();
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action={REFERRAL_STATUS_ACTION} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="reopen" />
      <input type="hidden" name="id" value={referral._id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-label={`Reopen ${referral.creditCard.name}`}
      >
        Reopen
      </Button>
      <FormError message={refusal} answer={fetcher.data} />
    </fetcher.Form>
  );
}
