import { z } from "zod";
import type { OutcomeStep } from "../../db/enums";
import { formResource, intent } from "~/http/form-action.server";
import { takeOutcomeStep } from "~/modules/outcomes/outcomes.server";
import { answerDispute } from "~/modules/outcomes/disputes.server";
import { ANSWER_DISPUTE_INTENT, DisputeAnswerSchema } from "~/modules/outcomes/dispute-path";
import { APPLICATION_MESSAGES } from "~/modules/applications/status";
import { OUTCOME_MESSAGES, OutcomeStepSchema, STEP_FIELDS, STEP_INTENTS } from "~/modules/outcomes/steps";

/** The application the form is about (a hidden field: only a tampered form gets it wrong). */
const applicationId = z
  .string({ error: APPLICATION_MESSAGES.notFound })
  .min(1, APPLICATION_MESSAGES.notFound)
  .max(64, APPLICATION_MESSAGES.notFound);

/** One timeline form per step: the step is the form's intent, `id` the application. */
function stepIntent(step: OutcomeStep) {
  const schema: z.ZodObject<{ id: z.ZodString } & z.ZodRawShape> = z
    .object({ id: applicationId })
    .extend(STEP_FIELDS[step]);
  return intent.member({
    schema,
    unexpectedMessage: OUTCOME_MESSAGES.failed,
    async run({ ctx, value }) {
      // The form's fields were checked by `schema`; this gives them the step's type.
      const input = OutcomeStepSchema.parse({ ...value, step });
      const { message } = await takeOutcomeStep(ctx, { ...input, applicationId: String(value.id) });
      return { message };
    },
  });
}

/**
 * POST /outcome: the outcome timeline's plain forms (docs/product.md#outcomes; `intent` is the
 * step's verb, STEP_INTENTS), on My Applications
 * and on a referral's applicant list; a browser's post comes back to `redirectTo` with the result
 * as a toast.
 */
export const action = formResource({
  access: "member",
  backTo: "/dashboard/my-applications",
  intents: {
    [STEP_INTENTS["bonus-posted"]]: stepIntent("bonus-posted"),
    [STEP_INTENTS["share-paid"]]: stepIntent("share-paid"),
    [STEP_INTENTS["bonus-received"]]: stepIntent("bonus-received"),
    [STEP_INTENTS["share-received"]]: stepIntent("share-received"),
    [STEP_INTENTS["share-not-received"]]: stepIntent("share-not-received"),
    // The referrer's answer to a dispute, within its days (docs/decisions/175).
    [ANSWER_DISPUTE_INTENT]: intent.member({
      schema: DisputeAnswerSchema.extend({ id: applicationId }),
      unexpectedMessage: OUTCOME_MESSAGES.failed,
      async run({ ctx, value }) {
        return answerDispute(ctx, { applicationId: value.id, answer: value.answer });
      },
    }),
  },
});
export const loader = action;
