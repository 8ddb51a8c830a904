import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { deleteApplication, getApplication, updateApplicationStatus } from "~/modules/applications/applications.server";
import { ApiApplicationSchema } from "~/modules/applications/present";
import { StatusUpdateSchema } from "~/modules/applications/status";

const Params = z.object({ id: z.string() });

export const loader = jsonRoute({
  GET: endpoint({
    summary: "One application",
    description: "For its applicant, the referrer or an admin.",
    access: "member",
    params: Params,
    response: z.object({ data: ApiApplicationSchema }),
    errors: [403],
    run: async ({ ctx, params }) => ({ data: await getApplication(ctx, { applicationId: params.id }) }),
  }),
  PUT: endpoint({
    summary: "Change one's application status",
    description: "The applicant only: pending, successful (Approved), denied or cancelled.",
    access: "member",
    params: Params,
    body: StatusUpdateSchema,
    response: z.object({ message: z.string(), data: ApiApplicationSchema }),
    errors: [403],
    async run({ ctx, params, body }) {
      const { message, data } = await updateApplicationStatus(ctx, { applicationId: params.id, status: body.status });
      return { message, data };
    },
  }),
  DELETE: endpoint({
    summary: "Withdraw one's application",
    description: "The applicant only; the referral's slot is not given back and a review stays.",
    access: "member",
    params: Params,
    response: z.object({ message: z.string() }),
    errors: [403],
    run: ({ ctx, params }) => deleteApplication(ctx, { applicationId: params.id }),
  }),
});
export const action = loader;
