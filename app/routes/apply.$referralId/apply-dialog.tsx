import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/forms/form-error";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { ReviewForm } from "~/modules/comments/forms";
import { TipOptions, useTipsEnabled } from "~/modules/payments/tip-options";
import type { action } from "./route";

/** The dialog's steps, each a URL (`?step=`). */
export const STEPS = ["1", "2", "3"] as const;

/**
 * The dialog's element id. Every link and redirect to a step carries `#apply-step`: without
 * JavaScript the step renders inline below the reviews, and the fragment scrolls it into view.
 */
export const STEP_ANCHOR = "apply-step";

/** The URL of a step of the dialog, scrolled to (see STEP_ANCHOR). */
export const stepUrl = (referralId: string, step: Step, query = "") =>
  `/apply/${referralId}?step=${step}${query}#${STEP_ANCHOR}`;
export type Step = (typeof STEPS)[number];

/** The words of each step (docs/product.md#apply-dialog): its title, and what it asks or explains. */
export const APPLY_STEP_TEXT: Record<Step, { title: string; description: string }> = {
  "1": {
    title: "Did you apply?",
    description: "Did you complete your application through this referral link?",
  },
  "2": {
    title: "Rate the referrer: your first impression",
    description:
      "A first impression of how the referrer helped so far. It counts toward the referrer's rating once the outcome is confirmed by both of you.",
  },
  "3": {
    title: "Was the experience great?",
    description:
      "We mean using Cardshare: finding this referral and applying through it. Your answer is not part of your review.",
  },
};

/** Step 3's tip box: who gets the tip, said before the amounts. */
export const TIP_TEXT = {
  heading: "Tip Cardshare",
  body: "A tip goes to Cardshare, the platform that runs this site, not to the referrer. It is not part of your review.",
  label: "Tip Cardshare",
};

const DESCRIPTION_ID = "apply-dialog-description";

/**
 * The apply flow (docs/product.md#apply-dialog): 1 'Did you apply?', 2 the referrer's rating as a
 * first impression, 3 'was the experience great?', then, apart from the review, the tip to Cardshare.
 * Each step is a URL (?step=) and each answer a link or a form post, so it works without JavaScript
 * as an inline panel; with JavaScript the same <dialog> opens as a modal (Modal: the page behind
 * inert, Escape closes it, the focus goes back to the opener).
 */
export function ApplyDialog({ referralId, step, great }: { referralId: string; step: Step; great: boolean }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const close = `/apply/${referralId}`;
  const refusal = actionData && !actionData.ok ? actionData.message : null;
  const applying = navigation.state !== "idle" && navigation.formAction?.startsWith(close);
  const text = APPLY_STEP_TEXT[step];

  return (
    <Modal
      open
      inline
      id={STEP_ANCHOR}
      labelledBy="apply-dialog-title"
      describedBy={DESCRIPTION_ID}
      onClose={() => navigate(close, { replace: true, preventScrollReset: true })}
      className="max-w-md p-6 [&:not(:modal)]:mt-6"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-muted">Step {step} of 3</p>
      <h2 id="apply-dialog-title" className="mt-1 text-lg font-semibold">
        {text.title}
      </h2>
      <p id={DESCRIPTION_ID} className="mt-2 text-sm text-muted">
        {text.description}
      </p>
      {step === "1" ? (
        <div className="mt-4 space-y-4">
          <FormError message={refusal} answer={actionData} />
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
            ratingLegend="First impression"
            onSaved={() => navigate(stepUrl(referralId, "3"), { replace: true, preventScrollReset: true })}
          >
            <Link to={stepUrl(referralId, "3")} replace preventScrollReset className={buttonClass("ghost")}>
              Skip
            </Link>
          </ReviewForm>
        </div>
      ) : null}
      {step === "3" ? (
        great ? (
          <GreatAnswer referralId={referralId} close={close} />
        ) : (
          <div className="mt-4 flex gap-3">
            <Link
              to={stepUrl(referralId, "3", "&great=yes")}
              replace
              preventScrollReset
              className={buttonClass("primary")}
            >
              Yes
            </Link>
            <Link to={close} replace preventScrollReset className={buttonClass("secondary")}>
              No
            </Link>
          </div>
        )
      ) : null}
    </Modal>
  );
}

/**
 * Step 3 after Yes: the thanks, then the tip in a box of its own that says it goes to Cardshare
 * (not the referrer, not the review). Without tips (production without Stripe) only the thanks.
 */
function GreatAnswer({ referralId, close }: { referralId: string; close: string }) {
  const tipsEnabled = useTipsEnabled();
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm">Glad to hear it. Thanks for telling us!</p>
      {tipsEnabled ? (
        <section
          aria-labelledby="apply-tip-heading"
          className="space-y-2 rounded-card border border-dashed border-line bg-canvas p-4"
        >
          <h3 id="apply-tip-heading" className="text-sm font-semibold">
            {TIP_TEXT.heading}
          </h3>
          <p className="text-sm text-muted">{TIP_TEXT.body}</p>
          <TipOptions referralId={referralId} label={TIP_TEXT.label} />
        </section>
      ) : null}
      <Link to={close} replace preventScrollReset className={buttonClass("ghost")}>
        Close
      </Link>
    </div>
  );
}
