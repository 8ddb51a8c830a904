import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { pixelResponse } from "~/http/pixel.server";
import { recordView } from "~/modules/analytics/rollup.server";

/**
 * GET /go/{referralId}/view: the detail page's view beacon, an image, so a view counts without
 * JavaScript and the page itself keeps its two read round trips and no write (ADR 172). Counted
 * once per member and day, never the owner's.
 */
export const loader = pageLoader({
  access: "member",
  params: z.object({ referralId: z.string().max(64) }),
  async run({ ctx, params }) {
    await recordView(ctx, { referralId: params.referralId });
    throw pixelResponse();
  },
});
