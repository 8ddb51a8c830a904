import { Form, useLocation } from "@remix-run/react";
import { CircleCheck, CircleAlert } from "lucide-react";
import type { OutcomeStep } from "../../../db/enums";
import { Field, SelectField, TextareaField } from "~/components/forms/field";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import type { ApiApplication } from "~/modules/applications/present";
import { statusLabel } from "~/modules/applications/status";
import {
  availableSteps,
  expectedOf,
  isClosedStatus,
  STEP_STATUS,
  paidText,
  STEP_INTENTS,
  STEP_LABELS,
  STEP_PARTY,
  type Party,
} from "./steps";
import { formatCents, LISTED_SHARE_METHODS, SHARE_METHOD_LABELS } from "~/modules/shares/terms";

import { DisputePanel } from "./dispute-panel";

/** The status a step gave its application, as the badge says it ('Sign-up bonus received (Successful)'). */
const STEP_STATUS_LABEL: Partial<Record<OutcomeStep, string>> = Object.fromEntries(
  Object.entries(STEP_STATUS).map(([step, status]) => [step, statusLabel(status)]),
);

/** Where the timeline's forms post (app/routes/outcome.ts). */
export const OUTCOME_ACTION = "/outcome";

/** Who said a step, as the viewer reads it. */
function saidBy(step: OutcomeStep, side: Party) {
  return STEP_PARTY[step] === side ? "you" : STEP_PARTY[step] === "referrer" ? "the referrer" : "the applicant";
}

function StepForm({
  application,
  step,
  children,
}: {
  application: ApiApplication;
  step: OutcomeStep;
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}#outcome-${application._id}`;
  return (
    // A plain post (reloadDocument): the same with JavaScript or without; back here with a toast.
    <Form method="post" action={OUTCOME_ACTION} reloadDocument className="space-y-2">
      <input type="hidden" name="intent" value={STEP_INTENTS[step]} />
      <input type="hidden" name="id" value={application._id} />
      <input type="hidden" name="redirectTo" value={back} />
      {children}
      <button type="submit" className={buttonClass(step === "share-not-received" ? "secondary" : "primary", "sm")}>
        {STEP_LABELS[step]}
      </button>
    </Form>
  );
}

/** The form of one step the viewer can take now. */
function StepAction({ application, step }: { application: ApiApplication; step: OutcomeStep }) {
  const promised = application.promisedShare;
  if (step === "share-paid") {
    // In dollars, by a method from the list (docs/decisions/185); less than promised needs a note.
    return (
      <StepForm application={application} step={step}>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field
            label="Amount paid ($)"
            hint={promised.amountCents !== null ? `Promised: ${formatCents(promised.amountCents)}` : undefined}
            inputProps={{
              name: "amount",
              type: "number",
              step: "0.01",
              min: 0.01,
              required: true,
              defaultValue: promised.amountCents !== null ? promised.amountCents / 100 : undefined,
            }}
          />
          <SelectField
            label="Paid by"
            options={LISTED_SHARE_METHODS.map((method) => [method, SHARE_METHOD_LABELS[method]] as const)}
            selectProps={{
              name: "method",
              required: true,
              defaultValue: LISTED_SHARE_METHODS.includes(promised.method as never) ? promised.method : "paypal",
            }}
          />
          <TextareaField
            label="Note for the applicant"
            className="sm:col-span-2"
            hint="Needed if you paid less than promised (say why), or for Other (say which method)."
            textareaProps={{ name: "note", maxLength: 1000, rows: 2 }}
          />
        </div>
      </StepForm>
    );
  }
  if (step === "share-not-received") {
    return (
      <details className="rounded-card border border-line p-2">
        <summary className="cursor-pointer text-sm font-medium">The share did not arrive?</summary>
        <div className="mt-2">
          <StepForm application={application} step={step}>
            <TextareaField label="What happened" textareaProps={{ name: "note", required: true, maxLength: 1000 }} />
          </StepForm>
        </div>
      </details>
    );
  }
  return <StepForm application={application} step={step} />;
}

/**
 * An application's outcome after applying (docs/product.md#outcomes): the steps both sides
 * recorded, what the viewer is asked to do now, and the forms of the steps they can take.
 */
export function OutcomeTimeline({ application, side }: { application: ApiApplication; side: Party }) {
  const { outcome, promisedShare, status } = application;
  const recorded = new Set(outcome.steps.map((entry) => entry.step));
  const steps = availableSteps(side, { status, promisedSharePercent: promisedShare.percent, recorded });
  const expected = expectedOf(side, outcome, promisedShare, status);
  const headingId = `outcome-${application._id}`;
  const closed = isClosedStatus(status);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-sm font-semibold">
        After applying
      </h3>
      {closed ? (
        // The one status story (ADR 175): the badge's word, here too.
        <p className="text-sm font-medium">{`${statusLabel(status)}: this application is closed, so no bonus will post.`}</p>
      ) : null}
      {outcome.steps.length === 0 ? (
        closed ? null : (
          <p className="text-sm text-muted">Nothing recorded after applying yet.</p>
        )
      ) : (
        <ol className="space-y-1 text-sm" aria-label="Outcome timeline">
          {outcome.steps.map((entry) => (
            <li key={entry.step} className="flex flex-wrap items-start gap-x-2">
              {entry.step === "share-not-received" ? (
                <CircleAlert aria-hidden className="mt-0.5 size-4 text-danger-700" />
              ) : (
                <CircleCheck aria-hidden className="mt-0.5 size-4 text-success-700" />
              )}
              <span className="font-medium">{entry.label}</span>
              {STEP_STATUS_LABEL[entry.step] ? (
                <span className="text-muted">{`(${STEP_STATUS_LABEL[entry.step]})`}</span>
              ) : null}
              <span className="text-muted">
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>, by {saidBy(entry.step, side)}
              </span>
              {entry.amount !== null ? <span className="w-full pl-6">{paidText(entry)}</span> : null}
              {entry.note ? <span className="w-full whitespace-pre-line pl-6">“{entry.note}”</span> : null}
            </li>
          ))}
        </ol>
      )}
      {promisedShare.late && promisedShare.dueAt ? (
        <p className="text-sm font-medium text-danger-700">
          Late: the share was due on <time dateTime={promisedShare.dueAt}>{formatDate(promisedShare.dueAt)}</time> and
          is not marked as paid. It counts against the referrer&apos;s record until it is.
        </p>
      ) : promisedShare.text ? (
        <p className="text-sm text-muted">Promised: {promisedShare.text}.</p>
      ) : null}
      {outcome.dispute ? <DisputePanel applicationId={application._id} dispute={outcome.dispute} side={side} /> : null}
      {expected ? <p className="rounded-card bg-canvas px-3 py-2 text-sm font-medium">{expected}</p> : null}
      {steps.length > 0 ? (
        <div className="flex flex-wrap items-start gap-3">
          {steps.map((step) => (
            <StepAction key={step} application={application} step={step} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
