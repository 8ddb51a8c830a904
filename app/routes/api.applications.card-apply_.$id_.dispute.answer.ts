import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { getApplication } from "~/modules/applications/applications.server";
import { ApiApplicationSchema } from "~/modules/applications/present";
import { DisputeAnswerSchema } from "~/modules/outcomes/dispute-path";
import { answerDispute } from "~/modules/outcomes/disputes.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Answer a dispute of one's share",
    description:
      "The referrer only (403) answers the applicant's 'share not received' with a note, once, within 7 days of " +
      "its opening (409 when answered or too late; 404 when no dispute is open). Then an admin decides, with both " +
      "notes, the timeline and the chat (docs/decisions/175). The same rule as the timeline's answer form.",
    access: "member",
    params: z.object({ id: z.string() }),
    body: DisputeAnswerSchema,
    response: z.object({ message: z.string(), data: ApiApplicationSchema }),
    errors: [403, 404, 409],
    async run({ ctx, params, body }) {
      const { message } = await answerDispute(ctx, { applicationId: params.id, answer: body.answer });
      return { message, data: await getApplication(ctx, { applicationId: params.id }) };
    },
  }),
});
export const action = loader;
