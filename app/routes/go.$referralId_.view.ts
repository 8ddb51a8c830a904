import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { recordView } from "~/modules/analytics/rollup.server";

/** A transparent 1x1 GIF. */
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (char) =>
  char.charCodeAt(0),
);

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
    throw new Response(PIXEL, {
      headers: { "Content-Type": "image/gif", "Cache-Control": "no-store", "Content-Length": String(PIXEL.length) },
    });
  },
});
