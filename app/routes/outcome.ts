import { z } from "zod";
import type { OutcomeStep } from "../../db/enums";
import { formResource, intent } from "~/http/form-action.server";
import { takeOutcomeStep } from "~/modules/outcomes/outcomes.server";
import { OUTCOME_MESSAGES, OutcomeStepSchema, STEP_FIELDS } from "~/modules/outcomes/steps";

/** One timeline form per step: the step is the form's intent, `id` the application. */
function stepIntent(step: OutcomeStep) {
  const schema: z.ZodObject<{ id: z.ZodString } & z.ZodRawShape> = z
    .object({ id: z.string().min(1).max(64) })
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
 * POST /outcome: the outcome timeline's plain forms (docs/product.md#outcomes), on My Applications
 * and on a referral's applicant list; a browser's post comes back to `redirectTo` with the result
 * as a toast.
 */
export const action = formResource({
  access: "member",
  backTo: "/dashboard/my-applications",
  intents: {
    "bonus-posted": stepIntent("bonus-posted"),
    "share-paid": stepIntent("share-paid"),
    "bonus-received": stepIntent("bonus-received"),
    "share-received": stepIntent("share-received"),
    "share-not-received": stepIntent("share-not-received"),
  },
});
export const loader = action;
