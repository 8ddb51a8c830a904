/**
 * Every route is declared with the route kit, and every /api route is in the served OpenAPI
 * document (its validity as OpenAPI 3.1 is tested in node: tests/unit/openapi.test.ts).
 */
import { describe, expect, it } from "vitest";
import { declarationProblems } from "~/http/registry.server";
import { HTTP_METHODS } from "~/http/json-route.server";
import { openApiDocument } from "~/http/openapi.server";
import { apiRoutes } from "~/http/routes.server";
import { fetchPath, ORIGIN } from "./helpers";
import { ROUTE_FILES, ROUTES } from "./route-modules";

type Document = ReturnType<typeof openApiDocument>;

async function servedDocument() {
  const response = await fetchPath("/api/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return (await response.json()) as Document;
}

describe("route declarations", () => {
  it("reads every file in app/routes", () => {
    expect(ROUTES).toHaveLength(ROUTE_FILES.length);
    expect(ROUTES.length).toBeGreaterThan(50);
  });

  // One test per route, so the failure names the file to convert.
  it.for(ROUTES.map((route) => [route.file, route] as const))("%s is declared with the route kit", ([, route]) => {
    expect(declarationProblems(route)).toEqual([]);
  });
});

describe("GET /api/openapi.json", () => {
  it("is the document built from the route modules' declarations", async () => {
    expect(await servedDocument()).toEqual(
      JSON.parse(JSON.stringify(openApiDocument(apiRoutes(), new URL(ORIGIN).origin))),
    );
  });

  it("lists every /api path of the route files, with each method its route declares", async () => {
    const document = await servedDocument();
    const missing: string[] = [];
    for (const route of ROUTES.filter((route) => route.path.startsWith("/api/") && !route.path.includes("*"))) {
      const item = document.paths[route.path] as Record<string, unknown> | undefined;
      if (!item) {
        missing.push(`${route.path} (${route.file})`);
        continue;
      }
      const declaration = route.loader ?? route.action;
      const methods =
        declaration?.kind === "json" ? HTTP_METHODS.filter((method) => declaration.endpoints[method]) : ["GET"];
      for (const method of methods)
        if (!item[method.toLowerCase()]) missing.push(`${method} ${route.path} (${route.file})`);
    }
    expect(missing).toEqual([]);
    const routePaths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(document.paths).filter((path) => !routePaths.has(path))).toEqual([]);
  });

  it("documents the envelope's failures per status, 415 included, and both sign-in schemes", async () => {
    const document = await servedDocument();
    const login = document.paths["/api/users/login"]!.post as { responses: Record<string, unknown> };
    expect(login.responses["415"]).toEqual({ $ref: "#/components/responses/Error415" });
    expect(document.components.responses).toHaveProperty("Error415");
    expect(document.components.schemas.Error).toMatchObject({ required: ["success", "message"] });
    expect(Object.keys(document.components.securitySchemes)).toEqual(["bearerAuth", "cookieAuth"]);
    expect(document.paths["/api/health"]).toHaveProperty("get");
    expect(document.paths["/api/openapi.json"]).toHaveProperty("get");
    expect(document.paths["/api/docs"]!.get).toMatchObject({ responses: { "200": { content: { "text/html": {} } } } });
  });

  it("describes the x-d1-bookmark header on every operation, sent and answered, in the shape the server accepts", async () => {
    const document = await servedDocument();
    const operations = Object.values(document.paths).flatMap(
      (item) =>
        Object.values(item) as { parameters: { $ref?: string }[]; responses: Record<string, { headers?: object }> }[],
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) {
      expect(operation.parameters).toContainEqual({ $ref: "#/components/parameters/D1Bookmark" });
      const success = Object.entries(operation.responses).find(([status]) => Number(status) < 300)![1];
      expect(success.headers).toEqual({ "x-d1-bookmark": { $ref: "#/components/headers/D1Bookmark" } });
    }
    const { parameters } = document.components as unknown as {
      parameters: Record<string, { schema: { pattern: string } }>;
    };
    const bookmark = (await fetchPath("/api/health")).headers.get("x-d1-bookmark")!;
    expect(bookmark).toMatch(new RegExp(parameters.D1Bookmark!.schema.pattern));
  });
});
