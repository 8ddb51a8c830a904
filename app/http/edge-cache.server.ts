/**
 * Anonymous pages from the Workers Cache (docs/decisions/062-edge-cache.md).
 *
 * A visitor's request for a public page (no session cookie, no bearer token, no flash toast) is
 * answered from the data centre's cache when a copy is there, with the CSP nonce of the copy
 * rewritten to this response's own nonce, so inline scripts stay allowed for exactly this
 * response. A miss renders the page and stores a copy without cookies for a short TTL. Nothing a
 * signed-in request renders is ever stored or served from here.
 */
import { BOOKMARK_COOKIE } from "./d1-session.server";
import { SESSION_COOKIE, parseCookieHeader } from "~/modules/auth/session.server";

/** How long a data centre keeps a page; also the most a page can lag its data in another one. */
export const EDGE_TTL_SECONDS = 60;

/** The response header that says whether the copy came from the cache (for tests and the bench). */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";

/**
 * The public pages, each with the query parameters it reads (any other parameter bypasses the
 * cache, so a random query string cannot fill it). A page whose content comes from data (card pages,
 * public referral pages) must also drop its copy when that data changes (ADR 062).
 */
const PUBLIC_PAGES: { path: RegExp; params: string[] }[] = [
  { path: /^\/$/, params: ["audience"] },
  { path: /^\/terms$/, params: [] },
  { path: /^\/privacy$/, params: [] },
  // Data-backed (docs/product.md#card-pages): purged by their write paths (app/modules/public/purge.server.ts).
  { path: /^\/cards$/, params: ["sort"] },
  { path: /^\/cards\/[a-z0-9-]+$/, params: [] },
  { path: /^\/r\/[a-z0-9]+$/, params: [] },
];

/** Cookies a visitor may carry and still get the shared copy: neither changes what a page shows. */
const NEUTRAL_COOKIES = new Set([BOOKMARK_COOKIE, "cs_rotation"]);

/**
 * The data centre's default cache. The DOM lib the app also compiles against types `caches`
 * without workerd's `default`, hence the cast.
 */
export const edgeCache = () => (caches as unknown as { default: Cache }).default;

/**
 * The cache key of a visitor's request for a public page, or null when the request must be
 * rendered for this person. The build version is part of the key: a copy from an earlier deploy
 * names script files that no longer exist.
 */
export function edgeCacheKey(request: Request, url: URL, buildVersion: string): Request | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Authorization")) return null;
  // A hard reload (or a client that must see the current render) asks for no cached copy.
  if (/no-cache|no-store/i.test(request.headers.get("Cache-Control") ?? "")) return null;
  const cookies = parseCookieHeader(request.headers.get("Cookie"));
  if (Object.keys(cookies).some((name) => !NEUTRAL_COOKIES.has(name))) return null;
  if (cookies[SESSION_COOKIE] !== undefined) return null;

  const page = PUBLIC_PAGES.find((candidate) => candidate.path.test(url.pathname));
  if (!page) return null;
  const params = [...url.searchParams.keys()];
  if (params.some((name) => !page.params.includes(name))) return null;

  const key = new URL(url.pathname, url.origin);
  for (const name of [...page.params].sort()) {
    const value = url.searchParams.get(name);
    if (value !== null) key.searchParams.set(name, value);
  }
  key.searchParams.set("__build", buildVersion);
  return new Request(key.toString(), { method: "GET" });
}

/** Where a page's copy lives, for the pages without parameters (the data-backed ones). */
export function edgeCacheKeyFor(origin: string, path: string, buildVersion: string): Request {
  const key = new URL(path, origin);
  key.searchParams.set("__build", buildVersion);
  return new Request(key.toString(), { method: "GET" });
}

/**
 * Drops this data centre's copies of `paths` (ADR 062: other data centres keep theirs for at most
 * EDGE_TTL_SECONDS). Called after a write, in waitUntil.
 */
export async function purgeEdgePaths(cache: Cache, edge: { origin: string; version: string }, paths: string[]) {
  await Promise.all([...new Set(paths)].map((path) => cache.delete(edgeCacheKeyFor(edge.origin, path, edge.version))));
}

/** The cached copy of a page with its nonce replaced by this response's, or null on a miss. */
export async function fromEdgeCache(cache: Cache, key: Request, nonce: string): Promise<Response | null> {
  const copy = await cache.match(key);
  if (!copy) return null;
  const headers = new Headers(copy.headers);
  headers.delete("Cache-Control");
  headers.set(EDGE_CACHE_HEADER, "hit");
  const response = new Response(copy.body, { status: copy.status, headers });
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

/**
 * Stores a copy of a freshly rendered public page when it is shareable: a 200 HTML page that
 * sets no cookie but the D1 bookmark (which only a reader of its own writes needs, and a visitor
 * writes nothing). Returns the response to send, marked as a miss.
 */
export function toEdgeCache(
  cache: Cache,
  key: Request,
  response: Response,
  waitUntil: (promise: Promise<unknown>) => void,
): Response {
  const type = response.headers.get("Content-Type") ?? "";
  const cookies = response.headers.getSetCookie();
  const shareable =
    response.status === 200 &&
    type.includes("text/html") &&
    cookies.every((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`)) &&
    !response.headers.has("Cache-Control");
  if (!shareable || !response.body) return response;

  const [mine, stored] = response.body.tee();
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  headers.set("Cache-Control", `public, s-maxage=${EDGE_TTL_SECONDS}`);
  waitUntil(cache.put(key, new Response(stored, { status: 200, headers })).catch(() => undefined));

  const sent = new Response(mine, response);
  sent.headers.set(EDGE_CACHE_HEADER, "miss");
  return sent;
}
