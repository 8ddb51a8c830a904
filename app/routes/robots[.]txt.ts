import { pageLoader } from "~/http/page-loader.server";

/** Crawlers may read the public pages; the sitemap lists them (absolute, as robots.txt requires). */
export const loader = pageLoader({
  access: "anyone",
  async run({ ctx }) {
    const sitemap = new URL("/sitemap.xml", ctx.env.APP_ORIGIN).toString();
    const body = `User-agent: *\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /chat\nAllow: /\n\nSitemap: ${sitemap}\n`;
    return new Response(body, {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  },
});
