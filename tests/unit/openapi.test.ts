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

/** An operation's request body schema, with a top-level $ref followed. */
function requestSchema(path: string, method: string) {
  const operation = (document.paths[path] as Record<string, Operation & { requestBody: { required: boolean } }>)[
    method
  ]!;
  return {
    required: operation.requestBody.required,
    schema: operation.requestBody.content["application/json"]!.schema,
  };
}

describe("what the document tells a client (issue 29)", () => {
  const schemas = document.components.schemas as Record<string, { properties?: object; enum?: string[] }>;
  const text = JSON.stringify(document.paths);

  it("requires only what the server requires: the three calls a generated client could not make", () => {
    const cards = (
      document.paths["/api/credit-cards"]!.get as Operation & { parameters: { name: string; required: boolean }[] }
    ).parameters;
    expect(cards.find((parameter) => parameter.name === "limit")).toMatchObject({ required: false });
    const generate = requestSchema("/api/referrals/card-refer/generate", "post");
    expect(generate.schema).toMatchObject({ required: ["creditCardId", "referralLink"] });
    expect(requestSchema("/api/chats/{id}/read", "post").required).toBe(false);
    expect(requestSchema("/api/users/login", "post").required).toBe(true);
  });

  it("names each entity a client handles as a component, and the operations refer to it", () => {
    const entities = ["User", "OwnUser", "Profile", "Card", "Referral", "Application", "Comment", "Chat", "ChatDetail"];
    const others = ["Message", "Report", "OutcomeStep", "NewOutcomeStep", "Outcome", "MyDataExport"];
    const sections = ["Profile", "Referral", "Application", "Comment", "Chat", "Message", "Tip", "Block"];
    const exportSections = [...sections, "OutcomeStep", "Dispute", "Report"].map((name) => `Export${name}`);
    for (const name of [...entities, ...others, ...exportSections]) {
      expect(schemas, name).toHaveProperty(name);
    }
    for (const name of [...entities, "Report", "NewOutcomeStep", "MyDataExport"]) {
      expect(text, `no operation refers to ${name}`).toContain(`"#/components/schemas/${name}"`);
    }
    // No section of the export is left as free-form rows.
    expect(JSON.stringify(schemas.MyDataExport)).not.toContain('additionalProperties":{}');
  });

  it("says which application statuses a client reads and which it may write", () => {
    const read = schemas.ApplicationStatus!.enum!;
    const write = schemas.ApplicationStatusWrite!.enum!;
    expect(read).toHaveLength(8);
    expect(write).toEqual(["pending", "successful", "denied", "cancelled"]);
    expect(write.every((status) => read.includes(status))).toBe(true);
    expect(requestSchema("/api/applications/card-apply/{id}", "put").schema).toMatchObject({
      properties: { status: { $ref: "#/components/schemas/ApplicationStatusWrite" } },
    });
  });

  it("names its server, describes every tag and gives the 4xx answers of every operation that has any", () => {
    expect(document.servers).toEqual([{ url: "http://localhost:8787", description: expect.any(String) }]);
    for (const tag of document.tags) expect(tag.description, tag.name).toBeTruthy();
    const without4xx = operations
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => status.startsWith("4")))
      .map(({ method, path }) => `${method} ${path}`);
    // Anyone may call these and they read no input: nothing of theirs answers 4xx.
    expect(without4xx).toEqual(["get /api/docs", "get /api/health", "get /api/openapi.json"]);
    // A write from another origin is refused (403) before any route runs.
    const writes = operations.filter(({ method }) => method !== "get");
    for (const { operation, method, path } of writes)
      expect(operation.responses, `${method} ${path}`).toHaveProperty("403");
  });
});
