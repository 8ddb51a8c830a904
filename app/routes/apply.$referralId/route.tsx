import { data, redirect, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { DomainError } from "~/core/errors";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { ApplyParams, applyToReferral, getApplicantState } from "~/modules/applications/apply.server";
import { FormMessage } from "~/components/forms/field";
import { StartChatForm } from "~/modules/chats/start-chat-form";
import { LinkConfirmed } from "~/modules/referrals/link-confirmed";
import { LazyReportForm } from "~/modules/reports/lazy-report-form";
import { LazyCommentThread } from "~/modules/comments/lazy-comment-thread";
import { hasReviewed } from "~/modules/comments/comments.server";
import { referralPageReviews } from "~/modules/comments/referral-page-reviews.server";
import { otherReferralsReviewsText } from "~/modules/comments/review-mark";
import { OwnerPanel } from "~/modules/referrals/owner-panel";
import { getReferral } from "~/modules/referrals/referrals.server";
import { ReferrerReputation } from "~/modules/reputation/reputation";
import { REFERRAL_NOT_FOUND } from "~/utils/messages";
import { ApplyDialog, STEPS, stepUrl } from "./apply-dialog";
import { ApplicantActions, ReferralDetails, ReferralHeader } from "./referral-summary";
import { ViewBeacon } from "~/modules/analytics/view-beacon";
import { signedInMeta } from "~/utils/signed-in-meta";

const Params = z.object({ referralId: z.string() });

export const loader = pageLoader({
  access: "member",
  params: Params,
  // An unknown step is no dialog; `great` is step 3's Yes.
  query: z.object({
    step: z.enum(STEPS).optional().catch(undefined),
    great: z.string().optional(),
  }),
  async run({ ctx, user, params, query }) {
    const step = query.step ?? null;
    try {
      // One round trip after the session: the referral, its reviews, where the member stands with
      // it (applied? other referrals for a full one) and (step 2) the member's review.
      const [referral, reviews, state, reviewed] = await Promise.all([
        getReferral(ctx, { id: params.referralId }),
        referralPageReviews(ctx, { referralId: params.referralId }),
        getApplicantState(ctx, { referralId: params.referralId }),
        step === "2" ? hasReviewed(ctx, { referralId: params.referralId }) : false,
      ]);
      if (reviewed && !referral.isOwner) {
        // The review is in (a plain form post comes back here): on to step 3.
        throw redirect(stepUrl(referral._id, "3"));
      }
      // Step 1 asks 'Did you apply?': not asked of the owner, of one who applied, or on a full referral.
      const asksAgain = step === "1" && (state.application !== null || referral.availableReferCount === 0);
      return {
        referral,
        reviews,
        state,
        viewerId: user.id,
        step: referral.isOwner || asksAgain ? null : step,
        great: query.great === "yes",
      };
    } catch (error) {
      // The page itself says 'Referral Not Found' (with Browse All Referrals), with the 404 status.
      if (error instanceof DomainError && error.status === 404) {
        return data(
          {
            referral: null,
            reviews: { own: true, comments: [] },
            state: null,
            viewerId: user.id,
            step: null,
            great: false,
          },
          { status: 404 },
        );
      }
      throw error;
    }
  },
});

/** Dialog step 1's Yes: records the application, then step 2; a refusal is shown in the dialog. */
export const action = formAction({
  access: "member",
  intents: {
    default: intent.member({
      schema: z.object({}),
      params: ApplyParams,
      async run({ ctx, params }) {
        await applyToReferral(ctx, params);
        return redirectTo(stepUrl(params.referralId, "2"));
      },
    }),
  },
});

export default function ReferralDetail() {
  const { referral, reviews, state, viewerId, step, great } = useLoaderData<typeof loader>();
  if (!referral || !state) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">{REFERRAL_NOT_FOUND}</h1>
        <Link to="/apply" className={buttonClass("primary", "md", "mt-6")}>
          Browse All Referrals
        </Link>
      </div>
    );
  }
  const card = referral.creditCard;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/apply" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to All Referrals
      </Link>
      {referral.isOwner ? (
        <OwnerPanel referral={referral} />
      ) : (
        // The view beacon: the referrer's analytics count this look once a day, without JavaScript,
        // and the page itself writes nothing (ADR 172).
        <ViewBeacon src={`/go/${referral._id}/view`} />
      )}

      {/* On a phone the referrer (rating, Chat) comes right after the offer and the actions. */}
      <div className="mt-4 grid gap-6 md:grid-cols-[2fr_1fr]">
        <ReferralHeader referral={referral}>
          {/* The owner's management view goes here (the share part's panel); the applicant's actions otherwise. */}
          {referral.isOwner ? (
            <FormMessage tone="info">You are the referrer</FormMessage>
          ) : (
            <ApplicantActions referral={referral} state={state} />
          )}
        </ReferralHeader>

        <aside
          aria-label="Referrer"
          className="h-fit space-y-3 rounded-card border border-line bg-surface p-6 md:row-span-2"
        >
          <h2 className="text-sm font-semibold text-muted">Referrer</h2>
          <Link to={`/profile/${referral.referrer._id}`} className="block font-semibold text-brand-800 hover:underline">
            {referral.referrer.name}
          </Link>
          <ReferrerReputation referrer={referral.referrer} />
          <LinkConfirmed referral={referral} />
          {referral.isOwner ? null : <StartChatForm userId={referral.referrer._id} referralId={referral._id} />}
        </aside>

        <ReferralDetails referral={referral} />
      </div>

      <section
        id="reviews"
        aria-labelledby="reviews-heading"
        className="mt-6 rounded-card border border-line bg-surface p-6"
      >
        <h2 id="reviews-heading" className="text-lg font-semibold">
          Reviews
        </h2>
        <div className="mt-3">
          {reviews.own || reviews.comments.length === 0 ? (
            <LazyCommentThread
              comments={reviews.comments}
              viewerId={viewerId}
              label={`Reviews of ${referral.referrer.name}'s ${card.name} referral`}
              emptyText="No reviews yet."
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-muted">{otherReferralsReviewsText(referral.referrer.name)}</p>
              <LazyCommentThread
                comments={reviews.comments}
                viewerId={viewerId}
                label={`Reviews of ${referral.referrer.name}'s other referrals`}
              />
            </>
          )}
        </div>
      </section>

      {referral.isOwner ? null : (
        <div className="mt-4">
          <LazyReportForm targetType="referral" targetId={referral._id} />
        </div>
      )}

      {step ? <ApplyDialog referralId={referral._id} step={step} great={great} /> : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.referral
    ? signedInMeta(
        `${data.referral.creditCard.name} referral | Cardshare`,
        `Apply for the ${data.referral.creditCard.name} through a member's referral and track your application.`,
      )
    : signedInMeta(`${REFERRAL_NOT_FOUND} | Cardshare`, "This referral is not on Cardshare.");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
