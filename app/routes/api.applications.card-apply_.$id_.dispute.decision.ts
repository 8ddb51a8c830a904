import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { getApplication } from "~/modules/applications/applications.server";
import { ApiApplicationSchema } from "~/modules/applications/present";
import { DisputeDecisionSchema } from "~/modules/outcomes/dispute-path";
import { closeDispute } from "~/modules/outcomes/disputes.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Decide a dispute (admins)",
    description:
      "An admin decides an open dispute: `upheld` (the share did not arrive: it counts in the referrer's figures) " +
      "or `dismissed` (it was paid), with a reason. The dispute closes, both sides are told, and the decision is " +
      "in the audit log (docs/decisions/175). 404 when no dispute is open. The same rule as /admin/disputes.",
    access: "admin",
    params: z.object({ id: z.string() }),
    body: DisputeDecisionSchema,
    response: z.object({ message: z.string(), data: ApiApplicationSchema }),
    errors: [404],
    async run({ ctx, params, body }) {
      const { message } = await closeDispute(ctx, { applicationId: params.id, ...body });
      return { message, data: await getApplication(ctx, { applicationId: params.id }) };
    },
  }),
});
export const action = loader;
