/**
 * /refer (docs/product.md#refer): publishing a referral in three steps, each in the URL (flow.ts),
 * then the member's My Referrals (its buttons post to /dashboard/my-referrals). The details
 * form, this action and POST /api/referrals/card-refer/generate and /process parse with the same
 * schema, the card's rules checked inside it (referralSchemaFor).
 */
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { runReads } from "~/core/d1-reads.server";
import { listIssuerPickerCards, pickerIssuersRead } from "~/modules/cards/catalog.server";
import { MyReferrals } from "~/modules/referrals/my-referrals";
import { createReferral, previewReferral, referralFormSchemaFor } from "~/modules/referrals/referrals.server";
import { myReferralsRead } from "~/modules/referrals/user-referrals.server";
import { OTHER_CARD, REFERRAL_MESSAGES, ReferralInputSchema } from "~/modules/referrals/schemas";
import { reviewOfDraft } from "~/modules/links/domains.server";
import { ReferralTypeTab } from "~/modules/referrals/type-tab";
import { DetailsStep } from "./details-step";
import { REFER_PATH, STEPS, referFlow, type Answer } from "./flow";
import { IssuerStep } from "./issuer-step";
import { PreviewStep } from "./preview-step";
import { signedInMeta } from "~/utils/signed-in-meta";

export const loader = pageLoader({
  access: "member",
  query: z.object({
    // An unknown step is the first one: an old or hand-made link still opens the page.
    step: z.enum(STEPS).optional().catch(undefined),
    issuer: z.string().trim().min(1).max(80, "That issuer name is too long").optional(),
    /** The listed issuer an 'Other card' belongs to (otherCardUrl). */
    cardIssuer: z.string().trim().max(80).optional().catch(undefined),
    cursor: z.string().optional(),
  }),
  async run({ ctx, user, query }) {
    // Step 1 needs the issuers only; the form the cards of the issuer in the URL (issue 34: the
    // whole catalogue, read and sent on every visit, was a tenth of the page's CPU). The issuers
    // and My Referrals are one D1 batch: each call costs the Worker more than these small reads.
    const issuers = pickerIssuersRead(ctx);
    const myReferrals = myReferralsRead(ctx, { cursor: query.cursor });
    const [[groups, ...myReferralRows], cards] = await Promise.all([
      runReads(ctx, [issuers, ...myReferrals.reads]),
      query.issuer && query.issuer !== OTHER_CARD ? listIssuerPickerCards(ctx, query.issuer) : [],
    ]);
    const mine = myReferrals.decode(...myReferralRows);
    return {
      groups,
      cards,
      step: query.step ?? null,
      issuer: query.issuer ?? null,
      cardIssuer: query.cardIssuer ?? null,
      mine,
      viewerId: user.id,
    };
  },
});

const DRAFT_MISSING = "The preview's values were lost. Please fill in the form again.";

/** The preview's draft: one JSON field, checked again by `schema` (the form's own, card rules included). */
function draftOf<S extends z.ZodType>(schema: S) {
  const json = z.string({ error: DRAFT_MISSING }).transform((text, check) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      check.addIssue({ code: "custom", message: DRAFT_MISSING });
      return z.NEVER;
    }
  });
  return z.object({ draft: json.pipe(schema) });
}

/**
 * Preview (step 2 to 3: the schema with the card's rules, then the member's history), Edit (back
 * to step 2 with the values) and Confirm & Create (all of it again, then the write).
 */
export const action = formAction({
  access: "member",
  intents: {
    preview: intent.member({
      schema: ReferralInputSchema,
      schemaFor: referralFormSchemaFor,
      async run({ ctx, value }) {
        const [{ duplicateOfId }, review] = await Promise.all([
          previewReferral(ctx, value),
          reviewOfDraft(ctx.db, value),
        ]);
        return { draft: value, duplicateLink: duplicateOfId !== null, waitsForReview: review !== null };
      },
    }),
    edit: intent({
      schema: draftOf(ReferralInputSchema),
      run: async ({ value }) => ({ draft: value.draft }),
    }),
    create: intent.member({
      schema: draftOf(ReferralInputSchema),
      schemaFor: (ctx) => draftOf(referralFormSchemaFor(ctx)),
      unexpectedMessage: REFERRAL_MESSAGES.createFailed,
      async run({ ctx, value }) {
        await createReferral(ctx, value.draft);
        return redirectTo(REFER_PATH, { toast: REFERRAL_MESSAGES.created });
      },
    }),
  },
});

const TITLES = { issuer: "Choose the issuer", details: "Card and details", preview: "Preview" } as const;

export default function Refer() {
  const { groups, cards: issuerCards, step, issuer, cardIssuer, mine, viewerId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer;
  const flow = referFlow({ step, issuer, cardIssuer }, answer, groups);
  // The loader read the cards of the URL's issuer: a hand-made post naming none gets its issuer's name only.
  const cards = flow.step !== "issuer" && flow.issuer === issuer ? issuerCards : [];

  // A post keeps the scroll position (Remix), so a new step would open out of sight, below the
  // fold on a phone: bring its heading into view and focus it, as a new page would be read.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(flow.step);
  useEffect(() => {
    if (shownStep.current === flow.step) return;
    shownStep.current = flow.step;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [flow.step]);

  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Share a referral</h1>
        <p className="mt-1 text-sm text-muted">Publish your referral link so applicants can find it.</p>
      </header>
      <section aria-labelledby="create-heading" className="rounded-card border border-line bg-surface">
        <ReferralTypeTab label="Credit Card" className="px-4" />
        <div role="tabpanel" aria-label="Credit Card" className="p-4 sm:p-6">
          <h2
            id="create-heading"
            ref={heading}
            tabIndex={-1}
            className="scroll-mt-24 text-lg font-semibold outline-none"
          >
            Step {STEPS.indexOf(flow.step) + 1} of 3: {TITLES[flow.step]}
          </h2>
          <div className="mt-4 space-y-4">
            {/* A refusal of no single field: a toast, or here without JavaScript; field errors stand beside their fields. */}
            <FormError
              message={answer?.ok === false ? formLevelMessage(answer.result, answer.message) : null}
              answer={answer}
            />
            {flow.step === "issuer" ? (
              <IssuerStep issuers={groups.map((group) => group.issuer)} issuer={issuer} />
            ) : flow.step === "details" ? (
              <DetailsStep key={flow.issuer} {...flow} cards={cards} />
            ) : (
              <PreviewStep
                issuer={flow.issuer}
                draft={flow.draft}
                card={cards.find((card) => card.id === flow.draft.creditCardId)}
                duplicateLink={flow.duplicateLink}
                waitsForReview={flow.waitsForReview}
              />
            )}
          </div>
        </div>
      </section>
      <MyReferrals
        referrals={mine.data}
        nextCursor={mine.nextCursor}
        viewerId={viewerId}
        emptyHint={
          <p>
            Publish your first one with the steps above: choose your card&apos;s issuer, paste your referral link and
            say how much of the bonus you share. Applicants then find it under Find referrals.
          </p>
        }
      />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Refer | Cardshare",
    "Publish a referral link for a credit card you hold and choose what you share with applicants.",
  );

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
