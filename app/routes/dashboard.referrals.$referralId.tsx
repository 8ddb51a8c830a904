import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { listApplicationsByReferral } from "~/modules/applications/applications.server";
import { findVisibleCard } from "~/modules/cards/catalog.server";
import { ApplicantList } from "~/modules/referrals/applicants";
import { getOwnReferral, updateReferral } from "~/modules/referrals/edit.server";
import { ReferralEditForm } from "~/modules/referrals/edit-form";
import { referralFormValue } from "~/modules/referrals/form-values";
import { manageUrl } from "~/modules/referrals/owner-panel";
import { referralFormSchemaFor } from "~/modules/referrals/referrals.server";
import { ReferralInputSchema, rulesOfCard } from "~/modules/referrals/schemas";
import { ShareButton } from "~/modules/referrals/share-button";
import { decodeCreatedCursor } from "~/utils/keyset.server";
import { signedInMeta } from "~/utils/signed-in-meta";

const Params = z.object({ referralId: z.string().max(64) });

/**
 * The referrer's management page for one referral (docs/product.md#referrer-tools): its public link
 * to share, the edit form (the creation rules) and who applied, with status and date. Its owner
 * only: 403 for anyone else, 404 for an unknown id.
 */
export const loader = pageLoader({
  access: "member",
  params: Params,
  query: z.object({ cursor: z.string().optional() }),
  async run({ ctx, user, params, query }) {
    const referral = await getOwnReferral(ctx, { referralId: params.referralId });
    const [applications, card] = await Promise.all([
      listApplicationsByReferral(ctx, { referralId: referral._id, cursor: decodeCreatedCursor(query.cursor) }),
      findVisibleCard(ctx.db, referral.creditCard._id, user.id),
    ]);
    const { creditCard } = referral;
    return {
      referral,
      applications,
      rules: rulesOfCard(
        card ?? {
          ...creditCard,
          referralBonusAmount: creditCard.referralBonus.amount,
          referralBonusUnit: creditCard.referralBonus.unit,
          centsPerPoint: null,
          program: null,
        },
      ),
      defaultValue: referralFormValue({
        creditCardId: creditCard._id,
        referralLink: referral.referralLink ?? "",
        referrerCredit: referral.referrerCredit,
        availableReferCount: referral.availableReferCount,
        sharingBenefitPortion: referral.sharingBenefitPortion,
        // A share its referrer has not confirmed yet opens with the valuation's amount and no method.
        shareAmount: referral.shareAmountCents === null ? undefined : referral.shareAmountCents / 100,
        shareMethod: referral.shareTermsConfirmed ? referral.shareMethod : undefined,
        shareMethodNote: referral.shareMethodNote,
        shareDeadlineDays: referral.shareDeadlineDays,
        showCredit: referral.referrerCredit === null ? "no" : "yes",
        specialReferrerBonus: referral.specialReferrerBonus,
        specialApplicantBonus: referral.specialApplicantBonus,
        additionalInfo: referral.additionalInfo,
      } as never),
    };
  },
});

/** Save changes: the creation schema with the card's rules, then the owner's write. */
export const action = formAction({
  access: "member",
  intents: {
    default: intent.member({
      schema: ReferralInputSchema,
      schemaFor: referralFormSchemaFor,
      params: Params,
      async run({ ctx, value, params }) {
        const { message } = await updateReferral(ctx, { referralId: params.referralId, draft: value });
        return redirectTo(manageUrl(params.referralId), { toast: message });
      },
    }),
  },
});

export default function ManageReferral() {
  const { referral, applications, rules, defaultValue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const card = referral.creditCard;
  return (
    <div className="space-y-6">
      <Link
        to="/dashboard/my-referrals"
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        My Referrals
      </Link>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{card.name}</h1>
        <p className="text-sm text-muted">
          {card.issuer} · {referral.isActive ? "Active" : "Inactive"} ·{" "}
          <Link to={`/apply/${referral._id}`} className="text-brand-700 underline">
            View Details
          </Link>
        </p>
      </div>
      {referral.code ? (
        <section aria-labelledby="share-heading" className="rounded-card border border-line bg-surface p-5">
          <h2 id="share-heading" className="mb-2 font-semibold">
            Share your referral
          </h2>
          <ShareButton path={`/r/${referral.code}`} title={`${card.name} referral`} />
        </section>
      ) : null}
      <section aria-labelledby="applicants-heading" className="rounded-card border border-line bg-surface p-5">
        <h2 id="applicants-heading" className="mb-2 font-semibold">
          Applicants ({referral.applicationsCount})
        </h2>
        <ApplicantList applications={applications.data} />
        {applications.nextCursor ? (
          <Link
            to={`?${new URLSearchParams({ cursor: applications.nextCursor })}`}
            className={buttonClass("secondary", "sm", "mt-3")}
          >
            Older applicants
          </Link>
        ) : null}
      </section>
      <section aria-labelledby="edit-heading" className="rounded-card border border-line bg-surface p-5">
        <h2 id="edit-heading" className="mb-4 font-semibold">
          Edit referral
        </h2>
        {referral.moderated ? (
          <p className="text-sm text-muted">An admin deactivated this referral; it cannot be edited.</p>
        ) : (
          <ReferralEditForm
            cardId={card._id}
            rules={rules}
            defaultValue={defaultValue}
            lastResult={actionData && !actionData.ok ? actionData.result : undefined}
          />
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  signedInMeta(
    data ? `Manage ${data.referral.creditCard.name} referral | Cardshare` : "Manage referral | Cardshare",
    "One of your referrals: its link, its applicants and their outcomes.",
  );

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
