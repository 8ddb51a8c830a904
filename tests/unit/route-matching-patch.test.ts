/**
 * The patched route matcher (patches/@remix-run+router+*.patch, docs/decisions/211): Remix's
 * server bundle loads @remix-run/router's CommonJS build, whose matchRoutes re-flattened and
 * re-ranked every route and recompiled every path's RegExp on each call, and tried every branch.
 * The patch memoises both and skips branches whose static first segment is not the path's. These
 * tests check that the patch is applied and that its answers are unchanged by it (against the
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
const ids = (path: string, table = routes) => router.matchRoutes(table, path)?.map((match) => match.route.id);

describe("route matching with the memoised matcher", () => {
  it("is the build the server loads, patched (npm install runs patch-package)", () => {
    const source = readFileSync(routerPath, "utf8");
    expect(source).toContain("rankedBranchesCache");
    expect(source).toContain("compilePathUncached");
    expect(source).toContain("staticFirstSegments");
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
