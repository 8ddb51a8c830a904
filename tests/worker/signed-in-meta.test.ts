/**
 * Every page only signed-in people reach (a pageLoader with member or admin access and a
 * component) tells a crawler not to index it and describes itself (app/utils/signed-in-meta.ts).
 * The pages come from the route list, so a new one is checked the moment it exists: its `meta`
 * for every page, and the rendered head for those without params.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { createSignedInUser, fetchPath } from "./helpers";
import { ROUTE_MODULES, ROUTES } from "./route-modules";

const SIGNED_IN_PAGES = ROUTES.filter(
  (route) =>
    route.loader?.kind === "page" &&
    (route.loader.access === "member" || route.loader.access === "admin") &&
    ROUTE_MODULES[route.file]?.default,
);

function metaOf(file: string) {
  const meta = ROUTE_MODULES[file]?.meta as MetaFunction | undefined;
  if (!meta) return [];
  // Without loader data: the page's not-found state, which must say the same.
  return meta({ data: undefined, params: {}, matches: [], location: { pathname: "/" } } as never) ?? [];
}

const has = (head: ReturnType<typeof metaOf>, name: string) =>
  head.some(
    (tag) => "name" in tag && tag.name === name && typeof tag.content === "string" && tag.content.trim() !== "",
  );

describe("signed-in pages a crawler reads right", () => {
  it("the route list has the member and admin pages", () => {
    const paths = SIGNED_IN_PAGES.map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining(["/apply", "/refer", "/chat", "/admin", "/dashboard/my-referrals"]));
  });

  it.each(SIGNED_IN_PAGES.map((route) => [route.file, route] as const))("%s: a description and noindex", (file) => {
    const head = metaOf(file);
    expect(has(head, "description"), `${file} has no meta description`).toBe(true);
    expect(head).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("the rendered head of each page without params has both", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const rendered: string[] = [];
    for (const route of SIGNED_IN_PAGES.filter((page) => !/[:*]/.test(page.path))) {
      const response = await fetchPath(route.path, { headers: { Cookie: admin.cookie } });
      const html = await response.text();
      if (response.status !== 200) continue; // a layout that redirects to its first section
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, route.path).toMatch(/<meta name="description" content="[^"]+"/);
      expect(head, route.path).toContain('<meta name="robots" content="noindex"');
      rendered.push(route.path);
    }
    expect(rendered).toEqual(expect.arrayContaining(["/apply", "/refer", "/chat", "/admin/users"]));
  });
});
