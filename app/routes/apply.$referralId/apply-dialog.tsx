import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormError } from "~/components/forms/form-error";
import { Button, buttonClass } from "~/components/ui/button";
import { ReviewForm } from "~/modules/comments/forms";
import { TipOptions } from "~/modules/payments/tip-options";
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

/**
 * The apply flow (docs/product.md#apply-dialog): 1 'Did you apply?', 2 rate the referrer, 3 'was the
 * experience great?' with the tip options. Each step is a URL (?step=) and each answer a link or
 * a form post, so it works without JavaScript as an inline panel; with JavaScript the same
 * <dialog> opens as a modal (native focus containment, Escape closes it).
 */
export function ApplyDialog({ referralId, step, great }: { referralId: string; step: Step; great: boolean }) {
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

  const applying = navigation.state !== "idle" && navigation.formAction?.startsWith(close);
  const titles: Record<Step, string> = {
    "1": "Did you apply?",
    "2": "Rate the referrer",
    "3": "Was the experience great?",
  };

  return (
    <dialog
      ref={ref}
      id={STEP_ANCHOR}
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
            onSaved={() => navigate(stepUrl(referralId, "3"), { replace: true, preventScrollReset: true })}
          >
            <Link to={stepUrl(referralId, "3")} replace preventScrollReset className={buttonClass("ghost")}>
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
          )}
        </div>
      ) : null}
    </dialog>
  );
}
