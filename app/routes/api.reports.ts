import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { createReport } from "~/modules/reports/reports.server";
import { ReportSchema } from "~/modules/reports/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Report a referral, a member or a message",
    description:
      "Once per member and target (409 after). reason: link-broken | offer-expired | wrong-card | spam | other " +
      "(members and messages: spam | other); other needs a note. Verified members only (403). A referral " +
      "reported by 3 distinct verified members since its link was last confirmed is held (`held: true`): it " +
      "leaves search and card pages until its referrer confirms the link or edits it.",
    access: "member",
    body: ReportSchema,
    status: 201,
    response: z.object({ message: z.string(), held: z.boolean() }),
    errors: [403, 404, 409],
    run: ({ ctx, body }) => createReport(ctx, body),
  }),
});
export const action = loader;
