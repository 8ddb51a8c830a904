/**
 * The bad requests tried on each route, generated from its declaration: wrong methods and content
 * types, broken and oversized bodies, bodies that are not objects, each field missing or given
 * the wrong type, 10,000 characters or odd unicode, prototype keys as intents, keys and values,
 * long and odd query values, and path parameters that name nothing.
 */
import type { FormRouteDeclaration, Intent } from "~/http/form-action.server";
import { HTTP_METHODS, type Endpoint, type JsonRouteDeclaration } from "~/http/json-route.server";
import type { PageRouteDeclaration } from "~/http/page-loader.server";
import type { RegisteredRoute } from "~/http/registry.server";
import {
  LONG_TEXT,
  ODD_TEXT,
  PROTOTYPE_KEYS,
  asFormValue,
  badValuesFor,
  describeInput,
  rotating,
  jsonType,
  fieldsOf,
  plausible,
  withField,
  type JsonSchema,
} from "./schema-values";
import { BOGUS_ID, realId, type Role, type World } from "./world";

export type ProbeKind =
  "method" | "access" | "content-type" | "size" | "shape" | "field" | "intent" | "query" | "param" | "generated";

export interface Probe {
  kind: ProbeKind;
  /** What the probe tries, for the failure message. */
  label: string;
  method: string;
  /** The path with its parameters filled in, and those parameters as Remix will read them. */
  path: string;
  params: Record<string, string>;
  search: string;
  contentType: string | null;
  body: string | null;
  /**
   * Sent as Remix's data request (`/path.data`), the way the app's own forms and links call a page
   * with JavaScript on: only loaders or the action run, no page is rendered. A page's checks are
   * the same either way; the document requests (what a browser without JavaScript, or a scanner,
   * sends) keep the fixed battery's route-level probes.
   */
  data?: boolean;
}

export type FormEntry = [string, string | { file: string }];

function wellFormed(text: string) {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** A route's parameters filled with real ids (from `world`), or `override` where given. */
export function fillPath(route: RegisteredRoute, world: World, override: Record<string, string> = {}) {
  const params: Record<string, string> = {};
  const path = route.path
    .replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = override[name] ?? realId(world, route.path, name);
      if (value === undefined) {
        throw new Error(
          `${route.file}: no fixture says what {${name}} names; add a rule to tests/worker/robustness/world.ts (realId)`,
        );
      }
      // A URL cannot carry a lone surrogate: it arrives as U+FFFD, as a browser would send it.
      params[name] = wellFormed(value);
      return encodeURIComponent(params[name]);
    })
    .replace(/\*$/, "robustness/nothing-here");
  return { path, params };
}

function idsFor(world: World, route: RegisteredRoute) {
  return (name: string) => realId(world, route.path, name);
}

const json = (value: unknown) => ({ contentType: "application/json", body: JSON.stringify(value) });
const raw = (contentType: string | null, body: string) => ({ contentType, body });

const BOUNDARY = "robustness0boundary";
/** A form body, URL-encoded or multipart (the only way to send a file). */
export function formBody(entries: FormEntry[], encoding: "urlencoded" | "multipart" = "urlencoded") {
  if (encoding === "urlencoded" && entries.every(([, value]) => typeof value === "string")) {
    return raw("application/x-www-form-urlencoded", new URLSearchParams(entries as [string, string][]).toString());
  }
  const parts = entries.map(([name, value]) =>
    typeof value === "string"
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="robustness.txt"\r\nContent-Type: text/plain\r\n\r\n${value.file}\r\n`,
  );
  return raw(`multipart/form-data; boundary=${BOUNDARY}`, `${parts.join("")}--${BOUNDARY}--\r\n`);
}

/** A plausible object as form fields: nested fields dotted, list items indexed (conform's names). */
export function formEntries(value: unknown, prefix = ""): FormEntry[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => formEntries(item, `${prefix}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => formEntries(inner, prefix ? `${prefix}.${key}` : key));
  }
  if (value === false || value === undefined) return [];
  return [[prefix, asFormValue(value)]];
}

/** The role whose calls get past the access check with the least privilege. */
export function primaryRole(access: "anyone" | "member" | "admin" | "visitor"): Role {
  return access === "admin" ? "admin" : access === "member" ? "member" : "anonymous";
}

export function allows(access: "anyone" | "member" | "admin" | "visitor", role: Role) {
  if (access === "anyone") return true;
  if (access === "visitor") return role === "anonymous";
  if (access === "member") return role !== "anonymous";
  return role === "admin";
}

const MEGABYTE = 1024 * 1024;

/** Probes on one JSON body field at a time, the rest of the body plausible. */
function fieldProbes(schema: JsonSchema, base: unknown): { label: string; value: Record<string, unknown> }[] {
  return fieldsOf(schema).flatMap(({ path, schema: fieldSchema, required }, index) => [
    ...(required ? [{ label: `${path.join(".")} missing`, value: withField(base, path, undefined) }] : []),
    ...badValuesFor(fieldSchema, index).map(({ label, value }) => ({
      label: `${path.join(".")}: ${label}`,
      value: withField(base, path, value),
    })),
  ]);
}

/** Bodies that are not objects, broken, or shaped wrong as a whole. */
const SHAPES: { label: string; body: string }[] = [
  { label: "null", body: "null" },
  { label: "an empty array", body: "[]" },
  { label: "an array of an object", body: "[{}]" },
  { label: "a number", body: "0" },
  { label: "a fraction", body: "-1.5" },
  { label: "a string", body: '"text"' },
  { label: "true", body: "true" },
  { label: "empty", body: "" },
  { label: "broken JSON", body: '{"a":' },
  { label: "an empty object", body: "{}" },
  { label: "10,000 levels of nesting", body: `${"[".repeat(10_000)}${"]".repeat(10_000)}` },
  { label: "extra fields only", body: JSON.stringify({ unexpectedField: 1, isAdmin: true }) },
  {
    label: "prototype keys",
    body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"toString":"x","hasOwnProperty":1}',
  },
];

function jsonEndpointProbes(
  route: RegisteredRoute,
  world: World,
  method: string,
  endpoint: Endpoint,
  role: Role,
): Probe[] {
  const { path, params } = fillPath(route, world);
  const probe = (
    kind: ProbeKind,
    label: string,
    body: { contentType: string | null; body: string | null },
    search = "",
  ) => ({
    kind,
    label,
    method,
    path,
    params,
    search,
    ...body,
  });
  const bodySchema = endpoint.body ? describeInput(endpoint.body) : null;
  const base = bodySchema ? plausible(bodySchema, "", idsFor(world, route)) : null;
  const none = { contentType: null, body: null };

  if (!allows(endpoint.access, role)) {
    return [
      probe("access", "a plausible request", base ? json(base) : none),
      probe("access", "body null", bodySchema ? raw("application/json", "null") : none),
    ];
  }
  if (role !== primaryRole(endpoint.access)) {
    // Past the access check too: a few requests to see that this role's calls reach the same checks.
    if (!bodySchema) return [probe("query", "a 10,000-character query value", none, `?q=${LONG_TEXT}`)];
    const [firstField] = fieldProbes(bodySchema, base).filter((entry) => entry.label.includes("10,000"));
    return [
      probe("shape", "body null", raw("application/json", "null")),
      probe("shape", "an empty object", raw("application/json", "{}")),
      probe("content-type", "JSON sent as text/plain", raw("text/plain", JSON.stringify(base))),
      ...(firstField ? [probe("field", firstField.label, json(firstField.value))] : []),
    ];
  }

  const probes: Probe[] = [];
  if (endpoint.bodyFormat === "text") {
    probes.push(
      probe("shape", "text that is not a signed event", raw("application/json", '{"type":"robustness"}')),
      probe("shape", "empty", raw("application/json", "")),
      probe("shape", "odd unicode", raw("text/plain", ODD_TEXT)),
      probe("size", "1 MB", raw("application/json", JSON.stringify({ x: "a".repeat(MEGABYTE) }))),
    );
  } else if (bodySchema) {
    const text = JSON.stringify(base);
    probes.push(
      probe("content-type", "JSON sent as text/plain", raw("text/plain", text)),
      probe("content-type", "a URL-encoded form", formBody(formEntries(base))),
      probe("content-type", "a multipart form", formBody(formEntries(base), "multipart")),
      probe(
        "content-type",
        "broken multipart",
        raw(`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nbroken`),
      ),
      probe("content-type", "no content type, not JSON", raw(null, "email=x")),
      probe("content-type", "application/vnd.api+json null", raw("application/vnd.api+json", "null")),
      probe("size", "1 MB of JSON", json({ ...(base as object), padding: "a".repeat(MEGABYTE) })),
      probe("size", "1 MB as text/plain", raw("text/plain", "a".repeat(MEGABYTE))),
      ...SHAPES.map(({ label, body }) => probe("shape", label, raw("application/json", body))),
      ...fieldProbes(bodySchema, base).map(({ label, value }) => probe("field", label, json(value))),
    );
  }
  if (method === "GET" || endpoint.query)
    probes.push(
      ...queryProbes(endpoint.query ? describeInput(endpoint.query) : null).map((search) =>
        probe("query", search.label, base ? json(base) : none, search.search),
      ),
    );
  if (route.path.includes("{")) {
    probes.push(
      ...paramProbes(route, world).map((filled) => ({
        ...probe("param", filled.label, base ? json(base) : none),
        ...filled.at,
      })),
    );
  }
  return probes;
}

/** Query strings around a query schema (or, without one, values the route should ignore). */
export function queryProbes(schema: JsonSchema | null): { label: string; search: string }[] {
  const names = Object.keys(schema?.properties ?? {});
  const keys = names.length ? names : ["q"];
  const search = (entries: [string, string][]) => `?${new URLSearchParams(entries).toString()}`;
  return [
    ...keys.flatMap((key) => [
      { label: `${key}: 10,000 characters`, search: search([[key, LONG_TEXT]]) },
      { label: `${key}: 200 characters`, search: search([[key, "A1_-".repeat(50)]]) },
      { label: `${key}: odd unicode`, search: search([[key, ODD_TEXT]]) },
      ...(names.length
        ? [
            { label: `${key}: not a number, nor a choice`, search: search([[key, "12abc"]]) },
            {
              label: `${key} twice, '__proto__' first`,
              search: search([
                [key, "__proto__"],
                [key, "2"],
              ]),
            },
          ]
        : []),
    ]),
    { label: "prototype keys as query keys", search: search(PROTOTYPE_KEYS.map((key) => [key, "1"])) },
    { label: "a 10,000-character query key", search: search([[LONG_TEXT, "1"]]) },
  ];
}

/** Path parameters that name nothing, or could not name anything. */
export function paramProbes(route: RegisteredRoute, world: World) {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const values: [string, string][] = [
    ["an id that names nothing", BOGUS_ID],
    ["10,000 characters", LONG_TEXT],
    ["200 characters", "A1_-".repeat(50)],
    ["odd unicode", ODD_TEXT],
    ["'__proto__'", "__proto__"],
  ];
  return names.flatMap((name) =>
    values.map(([label, value]) => ({ label: `{${name}}: ${label}`, at: fillPath(route, world, { [name]: value }) })),
  );
}

function jsonRouteProbes(route: RegisteredRoute, declaration: JsonRouteDeclaration, world: World, role: Role): Probe[] {
  const probes = HTTP_METHODS.flatMap((method) => {
    const endpoint = declaration.endpoints[method];
    return endpoint ? jsonEndpointProbes(route, world, method, endpoint, role) : [];
  });
  if (role === "anonymous") {
    // The method is checked before who asks, by one function of the kit: a read or a write the
    // route does not declare, and OPTIONS, stand for the rest.
    const { path, params } = fillPath(route, world);
    const undeclared = (method: string) => !Object.hasOwn(declaration.endpoints, method);
    const wrong = [["GET", "POST"].find(undeclared), ["PATCH", "DELETE", "PUT"].find(undeclared), "OPTIONS"];
    for (const method of wrong.filter((method): method is string => method !== undefined)) {
      probes.push({
        kind: "method",
        label: `${method} is not declared`,
        method,
        path,
        params,
        search: "",
        ...json({}),
      });
    }
    if (!declaration.endpoints.GET)
      probes.push({
        kind: "method",
        label: "HEAD without GET",
        method: "HEAD",
        path,
        params,
        search: "",
        contentType: null,
        body: null,
      });
  }
  return probes;
}

/** The text a form field of this type should refuse (or survive), and a file where text goes. */
function formBadValues(schema: JsonSchema, index: number): [string, string | { file: string }][] {
  const type = jsonType(schema);
  const typed: [string, string][] =
    type === "number"
      ? [
          ["not a number", "12abc"],
          ["negative", "-1"],
          ["1e308", "1e308"],
        ]
      : type === "boolean"
        ? [["not a checkbox value", "12abc"]]
        : [
            ["odd unicode", ODD_TEXT],
            ["'__proto__'", "__proto__"],
          ];
  const file: [string, { file: string }] = ["a file", { file: "robustness" }];
  return [
    ["10,000 characters", LONG_TEXT],
    ...rotating<[string, string | { file: string }]>([file, ...typed], index, 2),
  ];
}

/** One intent's fields, one bad value at a time, the rest plausible. */
function intentProbes(name: string, intent: Intent, world: World, route: RegisteredRoute) {
  const schema = describeInput(intent.schema);
  const base = plausible(schema, "", idsFor(world, route)) as Record<string, unknown>;
  const named: FormEntry[] = name === "default" ? [] : [["intent", name]];
  const entries = (value: unknown): FormEntry[] => [...named, ...formEntries(value)];
  const fields = fieldsOf(schema, 1);
  const probes: { label: string; body: ReturnType<typeof formBody> }[] = [
    {
      label: `${name}: prototype keys as field names`,
      body: formBody([...entries(base), ...PROTOTYPE_KEYS.map((key): FormEntry => [key, "x"])]),
    },
  ];
  fields.forEach(({ path, schema: fieldSchema, required }, index) => {
    const field = path.join(".");
    const without = entries(withField(base, path, undefined));
    probes.push(
      ...(required ? [{ label: `${name}: ${field} missing`, body: formBody(without) }] : []),
      ...formBadValues(fieldSchema, index).map(([label, value]) => ({
        label: `${name}: ${field}: ${label}`,
        body: formBody([...without, [field, value]], typeof value === "string" ? "urlencoded" : "multipart"),
      })),
    );
    if (index === 0)
      probes.push({ label: `${name}: ${field} twice`, body: formBody([...without, [field, "1"], [field, "2"]]) });
  });
  return probes;
}

function formProbes(route: RegisteredRoute, declaration: FormRouteDeclaration, world: World, role: Role): Probe[] {
  const { path, params } = fillPath(route, world);
  const search = route.index ? "?index" : "";
  const probe = (kind: ProbeKind, label: string, body: { contentType: string | null; body: string | null }): Probe => ({
    kind,
    label,
    method: "POST",
    path,
    params,
    search,
    ...body,
  });
  const [firstName, firstIntent] = Object.entries(declaration.intents)[0] ?? [];
  const firstBase = firstIntent ? plausible(describeInput(firstIntent.schema), "", idsFor(world, route)) : {};
  const firstEntries: FormEntry[] = [
    ...(firstName && firstName !== "default" ? [["intent", firstName] as FormEntry] : []),
    ...formEntries(firstBase),
  ];

  if (!allows(declaration.access, role)) {
    return [probe("access", "a plausible form", formBody(firstEntries)), probe("access", "JSON", json({}))];
  }
  if (role !== primaryRole(declaration.access)) {
    return [
      probe("content-type", "JSON", json(Object.fromEntries(firstEntries))),
      probe("shape", "an empty form", formBody([])),
      probe("intent", "intent '__proto__'", formBody([["intent", "__proto__"]])),
    ];
  }
  const probes: Probe[] = [
    probe("content-type", "JSON", json(Object.fromEntries(firstEntries))),
    probe(
      "content-type",
      "text/plain",
      raw("text/plain", new URLSearchParams(firstEntries as [string, string][]).toString()),
    ),
    probe("content-type", "no content type", raw(null, "intent=x")),
    probe(
      "content-type",
      "broken multipart",
      raw(`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nbroken`),
    ),
    probe("content-type", "multipart without a boundary", raw("multipart/form-data", "x")),
    probe("size", "1 MB form", formBody([...firstEntries, ["padding", "a".repeat(MEGABYTE)]])),
    probe("shape", "an empty form", formBody([])),
    // conform reads dotted and indexed names as nested objects: 5,000 levels deep.
    probe(
      "shape",
      "5,000 levels of nesting in a field name",
      formBody([...firstEntries, [`x${"[0].a".repeat(5_000)}`, "1"]]),
    ),
    ...[...PROTOTYPE_KEYS, "", LONG_TEXT, ODD_TEXT, "default"].map((name) =>
      probe(
        "intent",
        `intent '${name.slice(0, 20)}'${name.length > 20 ? ` (${name.length} characters)` : ""}`,
        formBody([["intent", name], ...firstEntries.filter(([key]) => key !== "intent")]),
      ),
    ),
    probe("intent", "two intents, the first unknown", formBody([["intent", "constructor"], ...firstEntries])),
    ...Object.entries(declaration.intents).flatMap(([name, intent]) =>
      intentProbes(name, intent, world, route).map(({ label, body }) => ({
        ...probe("field", label, body),
        data: !declaration.resource,
      })),
    ),
  ];
  if (declaration.resource && role === primaryRole(declaration.access)) {
    probes.push({ ...probe("method", "GET on a form resource", { contentType: null, body: null }), method: "GET" });
  }
  return probes;
}

function pageProbes(route: RegisteredRoute, declaration: PageRouteDeclaration, world: World, role: Role): Probe[] {
  const { path, params } = fillPath(route, world);
  const probe = (kind: ProbeKind, label: string, search = ""): Probe => ({
    kind,
    label,
    method: "GET",
    path,
    params,
    search,
    contentType: null,
    body: null,
  });
  if (!allows(declaration.access, role)) return [probe("access", "the page")];
  if (role !== primaryRole(declaration.access))
    return [probe("query", "a 10,000-character query value", `?q=${LONG_TEXT}`)];
  const query = declaration.query ? describeInput(declaration.query) : null;
  return [
    // Every other one as a data request: both ways in are tried, at half the cost of rendering each.
    ...queryProbes(query).map(({ label, search }, index) => ({
      ...probe("query", label, search),
      data: index % 2 === 1,
    })),
    ...(route.path.includes("{")
      ? paramProbes(route, world).map(({ label, at }, index) => ({
          ...probe("param", label),
          ...at,
          data: index % 2 === 1,
        }))
      : []),
  ];
}

/** Every probe of `route` for `role` (empty for a route the kit does not declare). */
export function probesFor(route: RegisteredRoute, world: World, role: Role): Probe[] {
  const probes: Probe[] = [];
  const { loader, action } = route;
  if (loader?.kind === "fallback") {
    if (role !== "anonymous") return [];
    const { path, params } = fillPath(route, world);
    return [...HTTP_METHODS, "OPTIONS"].map((method) => ({
      kind: "method" as const,
      label: `${method} on an unknown /api path`,
      method,
      path,
      params,
      search: "",
      ...(method === "GET" ? { contentType: null, body: null } : json(null)),
    }));
  }
  if (loader?.kind === "json") return jsonRouteProbes(route, loader, world, role);
  if (action?.kind === "form") probes.push(...formProbes(route, action, world, role));
  if (loader?.kind === "page") probes.push(...pageProbes(route, loader, world, role));
  if ((loader?.kind === "page" || (!loader && !action)) && role === "anonymous") {
    // What a page (or a static one, such as /terms) does not answer: a post when it has no form,
    // and a method only the kit's JSON routes and form resources answer.
    const { path, params } = fillPath(route, world);
    const method = (label: string, name: string, body: Pick<Probe, "contentType" | "body">): Probe => ({
      kind: "method",
      label,
      method: name,
      path,
      params,
      search: route.index ? "?index" : "",
      ...body,
    });
    if (!action) probes.push(method("POST to a page without an action", "POST", formBody([["intent", "x"]])));
    probes.push(method("OPTIONS on a page", "OPTIONS", { contentType: null, body: null }));
  }
  return probes;
}
