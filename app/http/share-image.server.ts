/**
 * A public page's share image (docs/decisions/201): from this data centre's cache when it has a
 * copy, otherwise drawn by the image Worker (og/, the `OG` service binding) from the texts `read`
 * words, then kept for SHARE_IMAGE_TTL_SECONDS. The image shows nobody's own data, so every request
 * may share the copy. When the image Worker fails or is absent (`remix vite:dev`), the answer is
 * the static default image, never a 500.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { noteUnexpected } from "~/core/log";
import type { ShareImage } from "~/modules/public/share-image";
import { EDGE_CACHE_HEADER, edgeCache, edgeCacheKeyFor } from "./edge-cache.server";

/** How long a copy is kept. Writes drop this data centre's copy (purge.server.ts); others lag at most this. */
export const SHARE_IMAGE_TTL_SECONDS = 3600;

/** What a browser or a link preview's crawler may keep. */
const CLIENT_CACHE_CONTROL = `public, max-age=${SHARE_IMAGE_TTL_SECONDS}`;

/** The static image answered when the image Worker cannot draw one (public/og/default.png). */
export const DEFAULT_SHARE_IMAGE = "/og/default.png";

/** The image Worker's address inside the binding: any URL reaches it; it answers POST only. */
const RENDERER_URL = "https://og.internal/";

/** The PNG the image Worker draws for `image`; throws when it answers anything else. */
async function render(renderer: Fetcher | undefined, image: ShareImage): Promise<ArrayBuffer> {
  if (!renderer) throw new Error("The share-image Worker is not bound (OG)");
  const response = await renderer.fetch(RENDERER_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(image),
  });
  if (!response.ok || response.headers.get("Content-Type") !== "image/png") {
    throw new Error(`The share-image Worker answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  return response.arrayBuffer();
}

/**
 * The image of the page at `pagePath`: a cached copy, a fresh one, or the default. `read` throws
 * the page's own 404 for an unknown card or code, before anything is drawn.
 */
export async function shareImageResponse(
  context: AppLoadContext,
  imagePath: string,
  read: () => Promise<ShareImage>,
): Promise<Response> {
  const cache = edgeCache();
  const key = context.edge ? edgeCacheKeyFor(context.edge.origin, imagePath, context.edge.version) : null;
  const copy = key && (await cache.match(key));
  if (copy) {
    const headers = new Headers(copy.headers);
    headers.set("Cache-Control", CLIENT_CACHE_CONTROL);
    headers.set(EDGE_CACHE_HEADER, "hit");
    return new Response(copy.body, { status: 200, headers });
  }

  const image = await read();
  let png: ArrayBuffer;
  try {
    png = await render(context.cloudflare.env.OG, image);
  } catch (error) {
    noteUnexpected(context.invocation, error, "share-image");
    // Temporary, and not kept: the next request tries the image Worker again.
    return new Response(null, { status: 302, headers: { Location: DEFAULT_SHARE_IMAGE, "Cache-Control": "no-store" } });
  }
  const headers = new Headers({
    "Content-Type": "image/png",
    "Content-Length": String(png.byteLength),
    "Cache-Control": CLIENT_CACHE_CONTROL,
  });
  if (key) {
    const stored = new Headers(headers);
    stored.set("Cache-Control", `public, s-maxage=${SHARE_IMAGE_TTL_SECONDS}`);
    const put = cache.put(key, new Response(png.slice(0), { headers: stored })).catch(() => undefined);
    context.cloudflare.ctx.waitUntil(put);
  }
  headers.set(EDGE_CACHE_HEADER, "miss");
  return new Response(png, { headers });
}
