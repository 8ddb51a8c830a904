import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { shareImageResponse } from "~/http/share-image.server";
import { getPublicCard } from "~/modules/public/pages.server";
import { cardShareImage, shareImagePath } from "~/modules/public/share-image";

/**
 * GET /cards/{slug}/og.png: the card page's share image (docs/decisions/201): the card, its welcome
 * offer, its best share as money and its live referrals. 404 for a card without a public page.
 */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ slug: z.string().max(200) }),
  async run({ ctx, params, context }) {
    const pagePath = `/cards/${params.slug}`;
    throw await shareImageResponse(context, shareImagePath(pagePath), async () => {
      const card = await getPublicCard(ctx, params.slug);
      return cardShareImage(card, new URL(pagePath, ctx.env.APP_ORIGIN).toString());
    });
  },
});
