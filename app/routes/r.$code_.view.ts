import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { pixelResponse } from "~/http/pixel.server";
import { recordSharedView } from "~/modules/analytics/rollup.server";
import { sharedReferralId } from "~/modules/public/pages.server";
import { requestMeta } from "~/utils/request-meta.server";

/**
 * GET /r/{code}/view: the shared referral page's view beacon (ADR 173). The page may come from the
 * edge cache, which runs no loader; this image is never cached, so every look reaches the Worker
 * and counts once per person and day (a visitor by their key for the day, nothing about them
 * kept), never the owner's.
 */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ code: z.string() }),
  async run({ ctx, params, request }) {
    // Counted only where the page itself shows the referral (a 404 there counts nothing here).
    const referralId = await sharedReferralId(ctx, params.code);
    if (referralId) await recordSharedView(ctx, { referralId, visitor: requestMeta(request) });
    throw pixelResponse();
  },
});
