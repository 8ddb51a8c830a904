import { formResource, intent } from "~/http/form-action.server";
import { createReport } from "~/modules/reports/reports.server";
import { ReportSchema } from "~/modules/reports/schemas";

/**
 * POST /reports: the report form on referral pages, profiles and chat messages
 * (docs/product.md#reports). A plain post comes back to redirectTo with the thanks as a toast.
 */
export const action = formResource({
  access: "member",
  backTo: "/",
  intents: {
    default: intent.member({
      schema: ReportSchema,
      async run({ ctx, value }) {
        const { message } = await createReport(ctx, value);
        return { message };
      },
    }),
  },
});
export const loader = action;
