import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { getApplication } from "~/modules/applications/applications.server";
import { ApiApplicationSchema } from "~/modules/applications/present";
import { takeOutcomeStep } from "~/modules/outcomes/outcomes.server";
import { OutcomeStepSchema } from "~/modules/outcomes/steps";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Record a step of an application's outcome",
    description:
      "`step` = `bonus-posted` | `share-paid` (`amount`, `method`) by the referrer; `bonus-received` | " +
      "`share-received` | `share-not-received` (`note`) by the applicant (docs/product.md#outcomes). Only that " +
      "party may take a step (403); steps go forward (409: the share is paid after the bonus posted, confirmed " +
      "after it was paid, disputed once the bonus posted); a repeated step changes nothing (`changed: false`). " +
      "The other side is notified in-app and by email; a dispute opens the chat between the two (`chatId`).",
    access: "member",
    params: z.object({ id: z.string() }),
    body: OutcomeStepSchema,
    response: z.object({
      message: z.string(),
      changed: z.boolean(),
      chatId: z.string().nullable(),
      data: ApiApplicationSchema,
    }),
    errors: [403, 404, 409],
    async run({ ctx, params, body }) {
      const result = await takeOutcomeStep(ctx, { ...body, applicationId: params.id });
      const data = await getApplication(ctx, { applicationId: params.id });
      return { message: result.message, changed: result.changed, chatId: result.chatId ?? null, data };
    },
  }),
});
export const action = loader;
