/**
 * The OpenAPI 3.1 document of /api, generated from the routes' own declarations (zod 4's JSON
 * Schema output), so the reference cannot drift from the code. Served at /api/openapi.json and
 * rendered at /api/docs.
 */
import { z } from "zod";
import type { Access } from "./access.server";
import { HTTP_METHODS, type Endpoint, type JsonRouteDeclaration } from "./json-route.server";
import type { RegisteredRoute } from "./registry.server";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: the message names the problem, `errors` each field",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found",
  405: "Method not allowed (the `Allow` header lists the methods)",
  409: "Conflict",
  413: "Request body too large",
  415: "The body is not JSON",
  429: "Too many requests",
  502: "An outside service failed",
  503: "An outside service is not configured",
};

function errorStatuses(endpoint: Endpoint, hasParams: boolean): number[] {
  const statuses = new Set<number>([...(endpoint.errors ?? [])]);
  if (endpoint.body || endpoint.query || endpoint.params) statuses.add(400);
  if (endpoint.body) [413, 415].forEach((status) => statuses.add(status));
  if (endpoint.access !== "anyone") statuses.add(401);
  if (endpoint.access === "admin") statuses.add(403);
  if (hasParams) statuses.add(404);
  return [...statuses].sort();
}

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  anyone: [{}, { bearerAuth: [] }, { cookieAuth: [] }],
  member: [{ bearerAuth: [] }, { cookieAuth: [] }],
  admin: [{ bearerAuth: [] }, { cookieAuth: [] }],
};

function operationId(method: string, path: string) {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)));
  return `${method.toLowerCase()}${words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("")}`;
}

function parameters(path: string, endpoint: Endpoint) {
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathSchema = endpoint.params ? jsonSchema(endpoint.params, "input") : null;
  const pathParams = inPath.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: ((pathSchema?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? {
      type: "string",
    }) as JsonSchema,
  }));
  if (!endpoint.query) return pathParams;
  const query = jsonSchema(endpoint.query, "input");
  const required = new Set((query.required as string[] | undefined) ?? []);
  const queryParams = Object.entries((query.properties as Record<string, JsonSchema>) ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema,
  }));
  return [...pathParams, ...queryParams];
}

function operation(method: string, path: string, endpoint: Endpoint) {
  const hasParams = path.includes("{");
  const status = String(endpoint.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]: {
      description: "Success",
      content: {
        "application/json": {
          schema: { allOf: [{ $ref: "#/components/schemas/Success" }, jsonSchema(endpoint.response, "output")] },
        },
      },
    },
  };
  for (const error of errorStatuses(endpoint, hasParams)) {
    responses[String(error)] = { $ref: `#/components/responses/Error${error}` };
  }
  const body =
    endpoint.bodyFormat === "text"
      ? { required: true, content: { "application/json": { schema: { type: "object" } } } }
      : endpoint.body
        ? { required: true, content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } } }
        : undefined;
  return {
    operationId: operationId(method, path),
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [path.split("/")[2] ?? "api"],
    security: SECURITY[endpoint.access],
    parameters: parameters(path, endpoint),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The document for the JSON routes among `routes`. */
export function openApiDocument(routes: RegisteredRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const declaration = (route.loader ?? route.action) as JsonRouteDeclaration | null | undefined;
    if (declaration?.kind !== "json") continue;
    const item: Record<string, unknown> = {};
    for (const method of HTTP_METHODS) {
      const endpoint = declaration.endpoints[method];
      if (endpoint) item[method.toLowerCase()] = operation(method, route.path, endpoint);
    }
    paths[route.path] = item;
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => [
      `Error${status}`,
      { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Cardshare API",
      version: "1.0.0",
      description:
        "The JSON API of Cardshare, the credit-card referral marketplace. Every answer is an envelope: " +
        "`{ success: true, ...payload }` or `{ success: false, message, errors?, code? }`. Sign in with " +
        "POST /api/users/login and send the token as `Authorization: Bearer <token>`; browsers use the session cookie.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token from POST /api/users/login" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "__session" },
      },
      schemas: {
        Success: {
          type: "object",
          properties: { success: { const: true } },
          required: ["success"],
        },
        Error: {
          type: "object",
          properties: {
            success: { const: false },
            message: { type: "string", description: "What went wrong, in the person's words" },
            errors: { type: "object", additionalProperties: { type: "string" }, description: "Per field" },
            code: { type: "string", description: "A stable reason for clients that branch on it" },
          },
          required: ["success", "message"],
        },
      },
      responses: errorResponses,
    },
  };
}
