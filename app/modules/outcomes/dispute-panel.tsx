import { Form } from "@remix-run/react";
import { BackToOutcome } from "./back-to-outcome";
import { TextareaField } from "~/components/forms/field";
import { buttonClass } from "~/components/ui/button";
import { ANSWER_DISPUTE_INTENT, disputeNextText, type Dispute } from "./dispute-path";
import type { Party } from "./steps";

/** Where the answer form posts (app/routes/outcome.ts), as the timeline's steps do. */
const OUTCOME_ACTION = "/outcome";

/**
 * A disputed share on the timeline (docs/decisions/175): what happens next, said to both sides,
 * the referrer's answer once given, and the referrer's form to give it within the days allowed.
 */
export function DisputePanel({
  applicationId,
  dispute,
  side,
}: {
  applicationId: string;
  dispute: Dispute;
  side: Party;
}) {
  const open = dispute.closedAt === null;
  return (
    <div className="space-y-2 rounded-card border border-danger-200 bg-danger-50 px-3 py-2 text-sm">
      {open ? (
        <p className="font-medium text-danger-700">Dispute open: the share was reported as not received.</p>
      ) : null}
      <p>{disputeNextText(dispute, side)}</p>
      {dispute.answer ? <p className="whitespace-pre-line">{`Referrer's answer: “${dispute.answer}”`}</p> : null}
      {side === "referrer" && dispute.stage === "awaiting-answer" ? (
        <Form method="post" action={OUTCOME_ACTION} reloadDocument className="space-y-2">
          <input type="hidden" name="intent" value={ANSWER_DISPUTE_INTENT} />
          <input type="hidden" name="id" value={applicationId} />
          <BackToOutcome applicationId={applicationId} />
          <TextareaField
            label="Your answer to the dispute"
            textareaProps={{ name: "answer", required: true, maxLength: 1000, rows: 3 }}
          />
          <button type="submit" className={buttonClass("primary", "sm")}>
            Send answer
          </button>
        </Form>
      ) : null}
    </div>
  );
}
