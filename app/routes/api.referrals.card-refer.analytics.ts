import { endpoint, jsonRoute } from "~/http/json-route.server";
import { AnalyticsQuerySchema, AnalyticsSchema } from "~/modules/analytics/present";
import { getReferrerAnalytics } from "~/modules/analytics/report.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Analytics of the caller's own referrals",
    description:
      "Over `days` = 7, 30 (default) or 90 UTC days: totals and a daily series of views (one per person and " +
      "day, visitors of /r/{code} included), link clicks (through /go/{id}, one per member and day), " +
      "applications, approvals (one per application), confirmed successes (on their approval's day, so never " +
      "more than approvals) and shares paid, in total and per referral (docs/product.md#analytics). Read from " +
      "daily rollups.",
    access: "member",
    query: AnalyticsQuerySchema,
    response: AnalyticsSchema,
    run: async ({ ctx, query }) => getReferrerAnalytics(ctx, { days: query.days }),
  }),
});
export const action = loader;
