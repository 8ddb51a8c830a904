import { data, redirect, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { toast } from "~/components/layout/toaster";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { DomainError } from "~/core/errors";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { applyToReferral } from "~/modules/applications/apply.server";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { StartChatForm } from "~/modules/chats/start-chat-form";
import { CommentThread } from "~/modules/comments/comment-thread";
import { hasReviewed, listReferralComments } from "~/modules/comments/comments.server";
import { ReviewForm } from "~/modules/comments/forms";
import { TipOptions } from "~/modules/payments/tip-options";
import { formatDate } from "~/core/format";
import { CardArt, CreditBandChip, RemainingWarning } from "~/modules/referrals/referral-card";
import { RatingSummary } from "~/modules/reputation/reputation";
import { getReferral } from "~/modules/referrals/referrals.server";
import { REFERRAL_NOT_FOUND } from "~/utils/messages";

const STEPS = ["1", "2", "3"] as const;
type Step = (typeof STEPS)[number];

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
      const referral = await getReferral(ctx, user.id, { id: params.referralId });
      if (step === "2" && !referral.isOwner && (await hasReviewed(ctx, { referralId: referral._id }))) {
        // The review is in (a plain form post comes back here): on to step 3.
        throw redirect(`/apply/${referral._id}?step=3`);
      }
      const reviews = await listReferralComments(ctx, { referralId: referral._id });
      return {
        referral,
        reviews,
        viewerId: user.id,
        step: referral.isOwner ? null : step,
        great: query.great === "yes",
      };
    } catch (error) {
      // The page itself says 'Referral Not Found' (with Browse All Referrals), with the 404 status.
      if (error instanceof DomainError && error.status === 404) {
        return data({ referral: null, reviews: [], viewerId: user.id, step: null, great: false }, { status: 404 });
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
      async run({ ctx, user, params }) {
        const { referralId } = Params.parse(params);
        await applyToReferral(ctx, user, { referralId });
        return redirectTo(`/apply/${referralId}?step=2`);
      },
    }),
  },
});

export default function ReferralDetail() {
  const { referral, reviews, viewerId, step, great } = useLoaderData<typeof loader>();
  if (!referral) {
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
  const details: [string, ReactNode][] = [
    ["Issuer", card.issuer],
    ["Category", card.category],
    ["Annual fee", formatAnnualFee(card.annualFee)],
    ["Card referral bonus", formatBonus(card.referralBonus)],
    ["Referrer's bonus", referral.specialReferrerBonus ? formatBonus(referral.specialReferrerBonus) : "As the card's"],
    [
      "Sharing",
      referral.sharingBenefitPortion > 0
        ? `The referrer shares ${referral.sharingBenefitPortion}% of the referral bonus with you`
        : "No sharing offered",
    ],
    ["Special bonus for applicants", referral.specialApplicantBonus?.bonus ?? "None"],
    ["Referrer's credit score", <CreditBandChip key="credit" score={referral.referrerCredit} />],
    ["Referrals left", referral.availableReferCount ?? "Unlimited"],
    ["Applications", referral.applicationsCount],
    ["Successful", referral.successfulCount],
    ["Listed", formatDate(referral.createdAt)],
    ["Public code", <code key="code">{referral.code}</code>],
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/apply" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to All Referrals
      </Link>

      <div className="mt-4 grid gap-6 md:grid-cols-[2fr_1fr]">
        <section aria-labelledby="referral-title" className="space-y-4 rounded-card border border-line bg-surface p-6">
          <div className="grid gap-4 sm:grid-cols-[200px_1fr]">
            <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} />
            <div className="space-y-2">
              <h1 id="referral-title" className="text-2xl font-semibold tracking-tight">
                {card.name}
              </h1>
              <p className="tabular text-3xl font-semibold text-brand-800">
                {formatBonus(referral.specialReferrerBonus ?? card.referralBonus)}
              </p>
              {referral.sharingBenefitPortion > 0 ? (
                <p className="font-medium text-success-700">
                  Shares {referral.sharingBenefitPortion}% of the referral bonus with you
                </p>
              ) : null}
              <RemainingWarning available={referral.availableReferCount} upTo={3} />
            </div>
          </div>
          {referral.isOwner ? (
            <FormMessage tone="info">You are the referrer</FormMessage>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              {referral.referralLink ? (
                <ApplyLink href={referral.referralLink} referralId={referral._id} />
              ) : (
                <p className="text-sm text-muted">This referral&apos;s link is not available.</p>
              )}
              <Link to="?step=1" preventScrollReset className="text-sm text-brand-700 underline">
                Already applied? Tell us
              </Link>
            </div>
          )}
          <dl className="divide-y divide-line rounded-card border border-line">
            {details.map(([label, value]) => (
              <div key={label} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-3">
                <dt className="text-muted">{label}</dt>
                <dd className="sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
          {referral.additionalInfo ? (
            <div>
              <h2 className="text-sm font-semibold">Additional info</h2>
              <p className="mt-1 whitespace-pre-line text-sm">{referral.additionalInfo}</p>
            </div>
          ) : null}
          {card.applyBenefitWithReferral ? (
            <div>
              <h2 className="text-sm font-semibold">Benefit when applying with a referral</h2>
              <p className="mt-1 whitespace-pre-line text-sm">{card.applyBenefitWithReferral}</p>
            </div>
          ) : null}
          {card.description ? (
            <div>
              <h2 className="text-sm font-semibold">About the card</h2>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {card.description
                  .split("\n")
                  .filter((line) => line.trim())
                  .map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
              </ul>
            </div>
          ) : null}
          {card.officialWebsite ? (
            <a
              href={card.officialWebsite}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
            >
              Official website
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </section>

        <aside aria-label="Referrer" className="h-fit space-y-3 rounded-card border border-line bg-surface p-6">
          <h2 className="text-sm font-semibold text-muted">Referrer</h2>
          <Link to={`/profile/${referral.referrer._id}`} className="block font-semibold text-brand-800 hover:underline">
            {referral.referrer.name}
          </Link>
          <RatingSummary compact rating={referral.referrer.rating} reviewCount={referral.referrer.reviewCount} />
          {referral.isOwner ? null : <StartChatForm userId={referral.referrer._id} />}
        </aside>
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
          <CommentThread
            comments={reviews}
            viewerId={viewerId}
            label={`Reviews of ${referral.referrer.name}'s ${card.name} referral`}
            emptyText="No reviews yet."
          />
        </div>
      </section>

      {step ? <ApplyDialog referralId={referral._id} step={step} great={great} /> : null}
    </div>
  );
}

/** Opens the referral link in a new tab and, with JavaScript, the apply dialog here. */
function ApplyLink({ href, referralId }: { href: string; referralId: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => navigate(`/apply/${referralId}?step=1`, { preventScrollReset: true })}
      className={buttonClass("primary", "lg")}
    >
      Apply with this Referral
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * The apply flow (spec section 4): 1 'Did you apply?', 2 rate the referrer, 3 'was the
 * experience great?' with the tip options. Each step is a URL (?step=) and each answer a link or
 * a form post, so it works without JavaScript as an inline panel; with JavaScript the same
 * <dialog> opens as a modal (native focus containment, Escape closes it).
 */
function ApplyDialog({ referralId, step, great }: { referralId: string; step: Step; great: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const reopening = useRef(false);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const close = `/apply/${referralId}`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || (dialog.open && dialog.matches(":modal"))) return;
    // Server-rendered open (inline, for no-JS); reopen as a modal without treating it as closing.
    reopening.current = true;
    dialog.close();
    dialog.showModal();
  }, [step]);
  const refusal = actionData && !actionData.ok ? actionData.message : null;
  useEffect(() => {
    if (refusal) toast.error(refusal);
  }, [actionData, refusal]);

  const applying = navigation.state !== "idle" && navigation.formAction?.startsWith(close);
  const titles: Record<Step, string> = {
    "1": "Did you apply?",
    "2": "Rate the referrer",
    "3": "Was the experience great?",
  };

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="apply-dialog-title"
      onClose={() => {
        if (reopening.current) {
          reopening.current = false;
          return;
        }
        navigate(close, { replace: true, preventScrollReset: true });
      }}
      className="mx-auto mt-6 w-full max-w-md rounded-card border border-line bg-surface p-6 text-ink shadow-xl backdrop:bg-ink/40 open:modal:mt-[15vh]"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-muted">Step {step} of 3</p>
      <h2 id="apply-dialog-title" className="mt-1 text-lg font-semibold">
        {titles[step]}
      </h2>
      {step === "1" ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-muted">Did you complete your application through this referral link?</p>
          {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
          <div className="flex gap-3">
            <Form method="post" preventScrollReset>
              <Button type="submit" disabled={applying}>
                Yes
              </Button>
            </Form>
            <Link to={close} replace preventScrollReset className={buttonClass("secondary")}>
              No
            </Link>
          </div>
        </div>
      ) : null}
      {step === "2" ? (
        <div className="mt-4">
          <ReviewForm
            referralId={referralId}
            onSaved={() => navigate(`${close}?step=3`, { replace: true, preventScrollReset: true })}
          >
            <Link to={`${close}?step=3`} replace preventScrollReset className={buttonClass("ghost")}>
              Skip
            </Link>
          </ReviewForm>
        </div>
      ) : null}
      {step === "3" ? (
        <div className="mt-4 space-y-4">
          {great ? (
            <>
              <p className="text-sm text-muted">Glad to hear it! Cardshare is free; a small tip keeps it running.</p>
              <TipOptions referralId={referralId} />
              <Link to={close} replace preventScrollReset className={buttonClass("ghost")}>
                Close
              </Link>
            </>
          ) : (
            <div className="flex gap-3">
              <Link to={`${close}?step=3&great=yes`} replace preventScrollReset className={buttonClass("primary")}>
                Yes
              </Link>
              <Link to={close} replace preventScrollReset className={buttonClass("secondary")}>
                No
              </Link>
            </div>
          )}
        </div>
      ) : null}
    </dialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.referral
      ? `${data.referral.creditCard.name} referral | Cardshare`
      : `${REFERRAL_NOT_FOUND} | Cardshare`,
  },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
