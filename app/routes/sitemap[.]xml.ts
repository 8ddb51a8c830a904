import { pageLoader } from "~/http/page-loader.server";
import { listCardSlugs, listLiveReferralCodes } from "~/modules/public/pages.server";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

/**
 * The public pages for search engines (docs/product.md#card-pages): landing, terms, privacy, the
 * catalogue, every card page and every live referral's page.
 */
export const loader = pageLoader({
  access: "anyone",
  async run({ ctx }) {
    const [slugs, codes] = await Promise.all([listCardSlugs(ctx), listLiveReferralCodes(ctx)]);
    const paths = [
      "/",
      "/terms",
      "/privacy",
      "/cards",
      ...slugs.map((slug) => `/cards/${slug}`),
      ...codes.map((code) => `/r/${code}`),
    ];
    const urls = paths
      .map((path) => `  <url><loc>${escapeXml(new URL(path, ctx.env.APP_ORIGIN).toString())}</loc></url>`)
      .join("\n");
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return new Response(body, {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  },
});
