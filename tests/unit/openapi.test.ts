/**
 * The OpenAPI document (GET /api/openapi.json) is valid OpenAPI 3.1. It is built here, in node,
 * from the same route modules and by the same function as the Worker serves it
 * (app/routes/api.openapi[.]json.ts), because the validators compile code at run time, which
 * workerd forbids; tests/worker/openapi.test.ts checks that the served document is this one.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/http/openapi.server";
import { apiRoutes } from "~/http/routes.server";

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};

const document = openApiDocument(apiRoutes(), "http://localhost:8787");
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
);

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1, every $ref resolving", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("holds only valid JSON Schemas (2020-12), request and response alike", () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas = [
      ...Object.entries(document.components.schemas).map(([name, schema]) => ({
        where: `components.schemas.${name}`,
        schema,
      })),
      ...operations.flatMap(({ path, method, operation }) => [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => ({
          where: `${method} ${path} request ${type}`,
          schema: media.schema,
        })),
        ...Object.entries(operation.responses).flatMap(([status, response]) =>
          Object.entries(response.content ?? {}).map(([type, media]) => ({
            where: `${method} ${path} ${status} ${type}`,
            schema: media.schema,
          })),
        ),
      ]),
    ];
    expect(schemas.length).toBeGreaterThan(operations.length);
    const invalid = schemas
      .filter(({ schema }) => !ajv.validateSchema(schema))
      .map(({ where }) => `${where}: ${ajv.errorsText(ajv.errors)}`);
    expect(invalid).toEqual([]);
  });

  it("declares every path template parameter, and names each operation once", () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      if (JSON.stringify(inPath) !== JSON.stringify(declared))
        problems.push(`${method} ${path}: path parameters ${declared}`);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(problems).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("describes the security schemes and the error envelope of each status", () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      cookieAuth: { type: "apiKey", in: "cookie", name: "__session" },
    });
    const login = document.paths["/api/users/login"]!.post as Operation;
    for (const status of ["400", "413", "415", "500"]) {
      expect(login.responses[status]).toEqual({ $ref: `#/components/responses/Error${status}` });
    }
    expect(document.components.responses.Error415.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    const me = document.paths["/api/users/me"]!.get as Operation & { security: object[] };
    expect(me.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(Object.keys(me.responses)).toEqual(expect.arrayContaining(["200", "401", "500"]));
  });
});
