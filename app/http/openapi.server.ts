/**
 * The OpenAPI 3.1 document of /api, generated from the routes' own declarations (zod 4's JSON
 * Schema output), so the reference cannot drift from the code. Served at /api/openapi.json and
 * rendered at /api/docs (docs/product.md#api).
 *
 * What the kit answers by itself is written here once: 400 for inputs the schemas refuse, 401/403
 * by access, 413/415 for bodies, 500 for anything unexpected; a route adds the statuses its domain
 * may answer (`errors`).
 */
import type { ApiAccess } from "./access.server";
import { nameApiSchemas } from "./api-schemas.server";
import { BOOKMARK_HEADER, BOOKMARK_PATTERN } from "./d1-session.server";
import { HTTP_METHODS, type Endpoint } from "./json-route.server";
import type { RegisteredRoute } from "./registry.server";

import { SchemaCollector, type JsonSchema } from "./openapi-schemas.server";

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: `message` names the problem, `errors` each field",
  401: "Not signed in (or wrong credentials)",
  403: "Not allowed (role, ownership, privacy, the account's state, or a write sent from another origin)",
  404: "Not found, or not visible to the caller",
  409: "Conflict (duplicate, already done, no slots left)",
  413: "Request body too large",
  415: "Unsupported content type: the body must be JSON (`Content-Type: application/json`)",
  429: "Too many requests",
  500: "Unexpected failure; the message is only 'Internal server error'",
  502: "An outside service (the payment provider) failed",
  503: "A service is unavailable: an outside one is not configured (tips), or the database or the rooms cannot be reached (health)",
};

const SECURITY: Record<ApiAccess, Record<string, string[]>[]> = {
  anyone: [{}, { bearerAuth: [] }, { cookieAuth: [] }],
  member: [{ bearerAuth: [] }, { cookieAuth: [] }],
  admin: [{ bearerAuth: [] }, { cookieAuth: [] }],
};

/** `postUsersLogin` for POST /api/users/login, `getChatsIdMessages` for /api/chats/{id}/messages. */
function operationId(method: string, path: string) {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join("")}`;
}

function errorStatuses(method: string, endpoint: Endpoint, hasPathParams: boolean): number[] {
  const statuses = new Set<number>([...(endpoint.errors ?? []), 500]);
  // A write whose Origin is not the app's own is refused before any route runs (server.ts).
  if (method !== "GET") statuses.add(403);
  if (endpoint.body || endpoint.query || endpoint.params || endpoint.bodyFormat === "text") statuses.add(400);
  if (endpoint.body || endpoint.bodyFormat === "text") statuses.add(413);
  if (endpoint.body && endpoint.bodyFormat !== "text") statuses.add(415);
  if (endpoint.access !== "anyone") statuses.add(401);
  if (endpoint.access === "admin") statuses.add(403);
  if (hasPathParams) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** Moves a property schema's description onto its parameter, where readers of the reference look. */
function parameter(name: string, where: "path" | "query", required: boolean, schema: JsonSchema) {
  const { description, ...rest } = schema;
  return { name, in: where, required, ...(typeof description === "string" ? { description } : {}), schema: rest };
}

function objectProperties(schema: JsonSchema) {
  return {
    properties: (schema.properties ?? {}) as Record<string, JsonSchema>,
    required: new Set((schema.required as string[] | undefined) ?? []),
  };
}

/** The success body: the payload's schema with `success: true` beside its keys. */
function successSchema(payload: JsonSchema): JsonSchema {
  if (payload.type === "object" && !payload.allOf && !payload.anyOf && !payload.oneOf) {
    // Merged rather than `allOf`: an output object is closed (additionalProperties: false), so
    // a separate `success` schema beside it would make every real answer invalid.
    const { properties, required } = objectProperties(payload);
    return {
      ...payload,
      properties: { success: { const: true }, ...properties },
      required: ["success", ...required],
    };
  }
  return { allOf: [{ $ref: "#/components/schemas/Success" }, payload] };
}

function jsonOperation(method: string, path: string, endpoint: Endpoint, collector: SchemaCollector) {
  const id = operationId(method, path);
  const scope = id[0]!.toUpperCase() + id.slice(1);
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const params = endpoint.params
    ? objectProperties(collector.convert(endpoint.params, "input", `${scope}Params`))
    : null;
  const parameters: object[] = pathNames.map((name) =>
    parameter(name, "path", true, params?.properties[name] ?? { type: "string" }),
  );
  if (endpoint.query) {
    const query = objectProperties(collector.convert(endpoint.query, "input", `${scope}Query`));
    for (const [name, schema] of Object.entries(query.properties)) {
      parameters.push(parameter(name, "query", query.required.has(name), schema));
    }
  }

  // Every answer carries the D1 bookmark; a client that sends it back reads its own writes (ADR 008).
  parameters.push({ $ref: "#/components/parameters/D1Bookmark" });
  const responses: Record<string, unknown> = {
    [String(endpoint.status ?? 200)]: {
      description: endpoint.status === 201 ? "Created" : "Success",
      headers: { [BOOKMARK_HEADER]: { $ref: "#/components/headers/D1Bookmark" } },
      content: {
        [endpoint.mediaType ?? "application/json"]: {
          schema:
            endpoint.envelope === false
              ? collector.convert(endpoint.response, "output", `${scope}Response`)
              : successSchema(collector.convert(endpoint.response, "output", `${scope}Response`)),
        },
      },
    },
  };
  for (const status of errorStatuses(method, endpoint, pathNames.length > 0)) {
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }

  const requestBody =
    endpoint.bodyFormat === "text"
      ? {
          required: true,
          description: "Read as raw text (its signature covers the exact bytes)",
          content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
        }
      : endpoint.body
        ? {
            required: !endpoint.bodyOptional,
            content: { "application/json": { schema: collector.convert(endpoint.body, "input", `${scope}Body`) } },
          }
        : undefined;

  return {
    operationId: id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [tagOf(path)],
    security: SECURITY[endpoint.access],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The first path segment after /api: users, credit-cards, referrals, ... (openapi for openapi.json). */
function tagOf(path: string) {
  return (path.split("/")[2] ?? "api").replace(/\..*$/, "");
}

/** Each route's operations, with the route's file in the message when a schema cannot convert. */
function pathItem(route: RegisteredRoute, collector: SchemaCollector) {
  const declaration = route.loader ?? route.action;
  const item: Record<string, unknown> = {};
  try {
    if (declaration?.kind !== "json") return item;
    for (const method of HTTP_METHODS) {
      const endpoint = declaration.endpoints[method];
      if (endpoint) item[method.toLowerCase()] = jsonOperation(method, route.path, endpoint, collector);
    }
  } catch (error) {
    throw new Error(`${route.file}: its declaration does not convert to OpenAPI (${String(error)})`, { cause: error });
  }
  return item;
}

/** What each tag (the first path segment after /api) holds; a tag without one fails the document. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  applications:
    "Applications through referrals: apply, follow, change one's status, record outcome steps, read their reviews",
  chats: "Direct chats between members: list, open, send, mark read, find someone to write to",
  "credit-cards": "The card catalogue: browse and search; admins add, edit and retire cards",
  docs: "The API reference, rendered for people",
  health: "Whether the Worker, its database and its rooms answer",
  openapi: "This document",
  payments: "Tips to the platform through Stripe Checkout, and Stripe's webhook",
  referrals: "Referral links: publish, edit, pause and reopen one's own; find, read and review others'",
  reports: "Reports of a referral, a member or a message to the admins",
  users: "Accounts and sessions, profiles, settings, blocks, and the member's own data export",
};

function tagEntry(name: string) {
  const description = TAG_DESCRIPTIONS[name];
  if (!description) throw new Error(`The /api tag "${name}" has no description: add it to TAG_DESCRIPTIONS`);
  return { name, description };
}

/**
 * The document for the JSON routes under /api among `routes`, served from `origin` (the request's
 * own, so a client generated from it calls the server it was read from).
 */
export function openApiDocument(routes: RegisteredRoute[], origin: string) {
  nameApiSchemas();
  const collector = new SchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.path.startsWith("/api/") || route.path.includes("*")) continue;
    const item = pathItem(route, collector);
    if (Object.keys(item).length) paths[route.path] = item;
  }
  const settle = collector.settle();
  for (const [path, item] of Object.entries(paths)) paths[path] = settle(item) as Record<string, unknown>;
  const operations = Object.values(paths).flatMap(
    (item) => Object.values(item) as { tags: string[]; responses: object }[],
  );
  const usedStatuses = new Set(
    operations.flatMap((operation) => Object.keys(operation.responses).map(Number)).filter((status) => status >= 400),
  );
  const tags = [...new Set(operations.flatMap((operation) => operation.tags))].sort();
  return {
    openapi: "3.1.0",
    info: {
      title: "Cardshare API",
      version: "1.0.0",
      description: [
        "The JSON API of Cardshare, the credit-card referral marketplace (docs/product.md#api in the repository).",
        "",
        "Every answer is an envelope: `{ success: true, ...payload }` or `{ success: false, message, errors?, code? }`",
        "with the status. Sign in with `POST /api/users/login` and send the token as `Authorization: Bearer <token>`;",
        "browsers use the session cookie (a cookie-authenticated write from another origin is refused with 403).",
        "A method a path does not answer is a 405 naming the ones it does (`Allow`); an unknown /api path is a 404.",
        "",
        `Every answer carries \`${BOOKMARK_HEADER}\`, where the database stood after the request; send the last one`,
        "you received back on the next request and it reads at least that state (your own writes included),",
        "from the nearest replica.",
      ].join("\n"),
    },
    servers: [{ url: origin, description: "This server (the origin the document was read from)" }],
    tags: tags.map(tagEntry),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token from POST /api/users/login" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "__session", description: "The browser's session cookie" },
      },
      schemas: {
        // The envelope's `success` beside a payload that is not a plain object (none today).
        ...(JSON.stringify(paths).includes('"#/components/schemas/Success"')
          ? { Success: { type: "object", properties: { success: { const: true } }, required: ["success"] } }
          : {}),
        Error: {
          type: "object",
          properties: {
            success: { const: false },
            message: { type: "string", description: "What went wrong, in the person's words" },
            errors: {
              type: "object",
              additionalProperties: { type: "string" },
              description: "One message per invalid field (nested fields with dots)",
            },
            code: { type: "string", description: "A stable reason for clients that branch on it" },
          },
          required: ["success", "message"],
        },
        ...collector.schemas,
      },
      parameters: {
        D1Bookmark: {
          name: BOOKMARK_HEADER,
          in: "header",
          required: false,
          description:
            "The bookmark of the last answer this client received: the request reads data at least that new (its own writes included). An invalid value is ignored.",
          schema: { type: "string", pattern: BOOKMARK_PATTERN },
        },
      },
      headers: {
        D1Bookmark: {
          description: "Where the database stood after this request; send it back as the next request's x-d1-bookmark.",
          schema: { type: "string", pattern: BOOKMARK_PATTERN },
        },
      },
      responses: Object.fromEntries(
        [...usedStatuses]
          .sort((a, b) => a - b)
          .map((status) => [
            `Error${status}`,
            {
              description: ERROR_TEXT[status] ?? "Error",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            },
          ]),
      ),
    },
  };
}
