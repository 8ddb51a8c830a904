import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formResource, intent } from "~/http/form-action.server";
import { apiNotFound, endpoint, jsonRoute } from "~/http/json-route.server";
import { pageLoader } from "~/http/page-loader.server";
import { declarationProblems, registerRoutes } from "~/http/registry.server";
import { routePath } from "~/http/route-path";

const json = jsonRoute({
  GET: endpoint({ summary: "x", access: "anyone", response: z.object({}), run: async () => ({}) }),
});
const form = formResource({
  access: "member",
  backTo: "/",
  intents: { default: intent({ schema: z.object({}), run: async () => ({}) }) },
});
const page = pageLoader({ access: "anyone", run: async () => ({}) });

function problems(file: string, module: Record<string, unknown>) {
  return declarationProblems(registerRoutes({ [`../routes/${file}`]: module })[0]!);
}

describe("routePath", () => {
  it.each([
    ["../routes/api.users.login.ts", "/api/users/login"],
    ["../routes/api.users.profile_.$id.ts", "/api/users/profile/{id}"],
    ["../routes/api.openapi[.]json.ts", "/api/openapi.json"],
    ["../routes/admin.creditcards._index.tsx", "/admin/creditcards"],
    ["../routes/admin.creditcards._index/route.tsx", "/admin/creditcards"],
    ["../routes/auth.google_.callback.tsx", "/auth/google/callback"],
    ["../routes/_index.tsx", "/"],
    ["../routes/api.$.ts", "/api/*"],
    ["../routes/chat/route.tsx", "/chat"],
  ])("%s is %s", (file, path) => {
    expect(routePath(file)).toBe(path);
  });
});

describe("declarationProblems", () => {
  it("accepts kit handlers exported the kit's way", () => {
    expect(problems("api.x.ts", { loader: json, action: json })).toEqual([]);
    expect(problems("comments.ts", { loader: form, action: form })).toEqual([]);
    expect(problems("page.tsx", { loader: page, default: () => null })).toEqual([]);
    const notFound = apiNotFound();
    expect(problems("api.$.ts", { loader: notFound, action: notFound })).toEqual([]);
    expect(problems("terms.tsx", { default: () => null })).toEqual([]);
  });

  it("names a loader or action the kit did not build", () => {
    expect(problems("api.x.ts", { loader: async () => Response.json({}) })).toEqual([
      expect.stringMatching(/^app\/routes\/api\.x\.ts: its loader is not built by the kit/),
    ]);
    expect(problems("page.tsx", { loader: page, action: async () => null })).toEqual([
      expect.stringMatching(/its action is not built by the kit/),
    ]);
  });

  it("requires a jsonRoute on every /api module, exported as both loader and action", () => {
    expect(problems("api.docs.tsx", { default: () => null })).toEqual([
      expect.stringMatching(/an \/api route is a jsonRoute/),
    ]);
    expect(problems("api.docs.ts", { loader: page })).toEqual([expect.stringMatching(/an \/api route is a jsonRoute/)]);
    expect(problems("api.x.ts", { loader: json })).toEqual([expect.stringMatching(/both loader and action/)]);
    expect(problems("comments.ts", { action: form })).toEqual([expect.stringMatching(/both loader and action/)]);
  });

  it("marks index routes, which forms post to as ?index", () => {
    const [index, layout] = registerRoutes({ "../routes/admin._index.tsx": {}, "../routes/admin.tsx": {} });
    expect([index!.index, layout!.index]).toEqual([true, false]);
    const [folder] = registerRoutes({ "../routes/admin.creditcards._index/route.tsx": {} });
    expect(folder!.index).toBe(true);
  });
});
