/**
 * Methods a route does not answer: a post (put, patch, delete) to a page or loader without an
 * action, or a method only the kit's JSON routes and form resources answer (OPTIONS, TRACE). The
 * Worker entry refuses them before Remix, as those kit routes do: a plain 405 naming the methods
 * the URL answers (Allow). Left to Remix, each was logged as an error and answered with Remix's
 * internal message ("You made a POST request to ... but did not provide an `action`").
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";

type BuildRoutes = ServerBuild["routes"];
type RouteObject = Parameters<typeof matchRoutes>[0][number];

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function routeTree(routes: BuildRoutes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) },
    );
}

const trees = new WeakMap<BuildRoutes, RouteObject[]>();
function treeOf(routes: BuildRoutes) {
  let tree = trees.get(routes);
  if (!tree) trees.set(routes, (tree = routeTree(routes)));
  return tree;
}

/**
 * The route a non-GET request to `url` goes to, as Remix picks it: the index route when the URL
 * says `?index`, else the deepest route that adds to the path (a layout, for `/admin` without
 * `?index`). A data request (`/admin.data`) goes where its page would.
 */
/** The page path a request is for: a data request (`/admin.data`, `/_root.data`) is for its page's. */
const pagePath = (url: URL) =>
  url.pathname.endsWith(".data") ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;

function targetRoute(routes: BuildRoutes, url: URL) {
  const matches = matchRoutes(treeOf(routes), pagePath(url));
  if (!matches?.length) return undefined;
  const leaf = matches[matches.length - 1]!.route;
  const target =
    leaf.index && url.searchParams.getAll("index").includes("")
      ? leaf
      : matches.filter((match, index) => index === 0 || match.route.path).at(-1)!.route;
  return routes[target.id!];
}

/**
 * The id of the route a request goes to, for logs and error reports: the deepest match for a read
 * (the page's own route), the route whose action answers for a write; null when nothing matches.
 */
export function routeIdOf(routes: BuildRoutes, request: Request, url: URL): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return targetRoute(routes, url)?.id ?? null;
  return matchRoutes(treeOf(routes), pagePath(url))?.at(-1)?.route.id ?? null;
}

/** A 405 for a method the route at the request's URL does not answer, or null to let Remix answer. */
export function refuseUnansweredMethod(routes: BuildRoutes, request: Request, url: URL): Response | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const target = targetRoute(routes, url);
  if (!target) return null;
  const { loader, action } = target.module;
  // The kit's JSON routes and form resources (one handler for both) answer every method themselves.
  if (action && (action === loader || MUTATIONS.has(request.method))) return null;
  return new Response("Method not allowed", {
    status: 405,
    headers: { Allow: action ? "GET, HEAD, POST" : "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
