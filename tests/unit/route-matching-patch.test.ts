/**
 * The patched route matcher (patches/@remix-run+router+*.patch, docs/decisions/063): Remix's
 * server bundle loads @remix-run/router's CommonJS build, whose matchRoutes re-flattened and
 * re-ranked every route and recompiled every path's RegExp on each call, and tried every branch.
 * The patch memoises both and skips branches whose static first segment is not the path's; it
 * also converts a route tree to data routes once, and @remix-run/react's patch makes the server
 * routes once per build, so the render's own matching hits the same caches. These tests check
 * that the patches are applied and that their answers are unchanged by them (against the
 * unpatched ESM build of the same version).
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const routerPath = require.resolve("@remix-run/router/dist/router.cjs.js");
const router = require(routerPath) as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "apply", path: "apply" },
      { id: "card", path: "cards/:slug" },
      { id: "referral", path: "apply/:referralId" },
      { id: "splat", path: "*" },
    ],
  },
];
/** The router's internal conversion, exported for the framework's own packages. */
interface Internals {
  UNSAFE_convertRoutesToDataRoutes: (
    routes: unknown[],
    mapRouteProperties: (route: { path?: string }) => object,
    parentPath?: string[],
    manifest?: Record<string, unknown>,
  ) => { id: string; children?: { id: string }[] }[];
}
const ids = (path: string, table = routes) => router.matchRoutes(table, path)?.map((match) => match.route.id);

describe("route matching with the memoised matcher", () => {
  it("is the build the server loads, patched (npm install runs patch-package)", () => {
    const source = readFileSync(routerPath, "utf8");
    expect(source).toContain("rankedBranchesCache");
    expect(source).toContain("compilePathUncached");
    expect(source).toContain("staticFirstSegments");
    expect(source).toContain("dataRoutesCache");
  });

  it("matches each path of one table as before, however often it is asked", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/apply")).toEqual(["root", "apply"]);
      expect(ids("/apply/abc")).toEqual(["root", "referral"]);
      expect(ids("/cards/chase-sapphire")).toEqual(["root", "card"]);
      expect(ids("/nowhere/at/all")).toEqual(["root", "splat"]);
    }
    expect(router.matchRoutes(routes, "/cards/amex-gold")?.[1].params).toEqual({ slug: "amex-gold" });
  });

  it("ranks a second table on its own (the cache is per routes array)", () => {
    const other = [{ id: "only", path: "/apply/:anything" }];
    expect(ids("/apply/abc", other as typeof routes)).toEqual(["only"]);
    expect(ids("/apply/abc")).toEqual(["root", "referral"]);
  });

  it("keeps optional and case-sensitive paths apart in the compiled-path cache", () => {
    expect(router.matchPath({ path: "/a/:b?", end: true }, "/a")).not.toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: true }, "/a")).toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: false }, "/a")).not.toBeNull();
    expect(router.matchPath({ path: "/a", end: false }, "/a/b")).not.toBeNull();
    expect(router.matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
  });

  it("converts a route tree to data routes once, and fills each fresh manifest the same way", async () => {
    const convert = (router as unknown as Internals).UNSAFE_convertRoutesToDataRoutes;
    const mapper = (route: { path?: string }) => ({ hasErrorBoundary: route.path === "apply" });
    const first: Record<string, unknown> = {};
    const second: Record<string, unknown> = {};
    const converted = convert(routes, mapper, undefined, first);
    expect(convert(routes, mapper, undefined, second)).toBe(converted);
    expect(second).toEqual(first);
    expect(Object.keys(second).sort()).toEqual(["apply", "card", "referral", "root", "splat"]);
    expect(second.apply).toBe(converted[0].children![0]);
    // The same as the unpatched conversion, ids, children and mapped properties included.
    // The package's ESM build: the same version, unpatched.
    const reference = (await import("@remix-run/router/dist/router.js")) as unknown as Internals;
    expect(converted).toEqual(reference.UNSAFE_convertRoutesToDataRoutes(routes, mapper, undefined, {}));
    // Another mapper, a manifest that already holds routes or a subtree: converted afresh.
    expect(convert(routes, () => ({}))).not.toBe(converted);
    expect(() => convert(routes, mapper, undefined, { root: {} })).toThrow(/route id collision/);
    expect(convert(routes[0].children, mapper, ["0"], {})).not.toBe(convert(routes[0].children, mapper, ["0"], {}));
  });

  it("makes Remix's server routes once per build (manifest, route modules, flags)", async () => {
    const { createServerRoutes } = (await import(
      // @ts-expect-error: an internal module of @remix-run/react, patched (no types of its own).
      "@remix-run/react/dist/esm/routes.js"
    )) as { createServerRoutes: (...args: unknown[]) => { id: string; children?: { id: string }[] }[] };
    const source = readFileSync(require.resolve("@remix-run/react/dist/esm/routes.js"), "utf8");
    expect(source).toContain("createServerRoutesUncached");
    const manifest = {
      root: { id: "root", path: "", hasLoader: true },
      "routes/apply": { id: "routes/apply", parentId: "root", path: "apply", hasLoader: true },
    };
    const modules = { root: { default: () => null }, "routes/apply": { default: () => null, handle: { x: 1 } } };
    const future = {};
    const made = createServerRoutes(manifest, modules, future, false);
    expect(made.map((route) => route.id)).toEqual(["root"]);
    expect(made[0].children?.map((route) => route.id)).toEqual(["routes/apply"]);
    expect(createServerRoutes(manifest, modules, future, false)).toBe(made);
    expect(createServerRoutes(manifest, { ...modules }, future, false)).not.toBe(made);
    expect(createServerRoutes(manifest, modules, future, true)).not.toBe(made);
  });

  it("matches what the unpatched router matches, over routes of every shape", async () => {
    // @ts-expect-error: the package's ESM build has no types of its own; it is the same version, unpatched.
    const reference = (await import("@remix-run/router/dist/router.js")) as typeof import("@remix-run/router");
    const table = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          {
            id: "apply",
            path: "apply",
            children: [
              { id: "apply-index", index: true },
              { id: "ref", path: ":id" },
            ],
          },
          {
            id: "layout",
            children: [
              { id: "terms", path: "terms" },
              { id: "privacy", path: "Privacy" },
            ],
          },
          { id: "api-users", path: "api/users/:id/block" },
          { id: "api-splat", path: "api/*" },
          { id: "lang", path: ":lang?/about" },
          { id: "user", path: ":username" },
          { id: "case", path: "CaseOnly", caseSensitive: true },
          { id: "file", path: "sitemap.xml" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const paths = [
      "/",
      "/apply",
      "/apply/",
      "/APPLY/x1",
      "/apply/x1/extra",
      "/terms",
      "/privacy",
      "/PRIVACY",
      "/api/users/u1/block",
      "/api/users/u1",
      "/api",
      "/about",
      "/en/about",
      "/caseonly",
      "/CaseOnly",
      "/sitemap.xml",
      "/sitemap-xml",
      "/someone",
      "//apply",
      "/a%20b",
      "/café",
      "/nowhere/at/all",
    ];
    const summary = (matches: ReturnType<typeof reference.matchRoutes>) =>
      matches?.map((match) => [match.route.id, match.params, match.pathnameBase]);
    for (const path of paths) {
      expect(summary(router.matchRoutes(table, path)), path).toEqual(summary(reference.matchRoutes(table, path)));
    }
  });
});
