import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { shareImageResponse } from "~/http/share-image.server";
import { getSharedReferral } from "~/modules/public/pages.server";
import { referralShareImage, shareImagePath } from "~/modules/public/share-image";
import { REFERRAL_GONE } from "./r.$code";

/**
 * GET /r/{code}/og.png: a shared referral's share image (docs/decisions/201): who refers, the card,
 * its welcome offer, the share as money and the referrer's outcome figures. As the page: 404 for an
 * unknown code, 410 for a referral that takes no more applicants.
 */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ code: z.string().max(100) }),
  async run({ ctx, params, context }) {
    const pagePath = `/r/${encodeURIComponent(params.code.toLowerCase())}`;
    throw await shareImageResponse(context, shareImagePath(pagePath), async () => {
      // As a visitor sees it: the image is the same for everyone who asks.
      const page = await getSharedReferral({ ...ctx, actor: null }, { code: params.code });
      if (page.state === "gone") throw new Response(REFERRAL_GONE, { status: 410 });
      return referralShareImage(page.referral, new URL(pagePath, ctx.env.APP_ORIGIN).toString());
    });
  },
});
