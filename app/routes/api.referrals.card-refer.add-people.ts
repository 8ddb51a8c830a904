import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { ApplyParams, applyToReferral } from "~/modules/applications/apply.server";
import { NewApplicationSchema } from "~/modules/applications/present";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Record that the caller applied through a referral",
    description: "The same rule as POST /api/applications/card-apply (docs/product.md#applications).",
    access: "member",
    body: ApplyParams,
    response: z.object({ message: z.string(), data: NewApplicationSchema }),
    status: 201,
    errors: [403, 404, 409],
    run: ({ ctx, body }) => applyToReferral(ctx, body),
  }),
});
export const action = loader;
