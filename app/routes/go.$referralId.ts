import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { recordClick } from "~/modules/analytics/rollup.server";

/**
 * GET /go/{referralId}: the detail page's Apply button. Counts the click for the referrer's
 * analytics (docs/product.md#analytics) and sends the member on to the referral link, so it
 * counts without JavaScript and the link itself never changes.
 */
export const loader = pageLoader({
  access: "member",
  params: z.object({ referralId: z.string().max(64) }),
  async run({ ctx, params }) {
    const link = await recordClick(ctx, { referralId: params.referralId });
    throw redirect(link, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  },
});
