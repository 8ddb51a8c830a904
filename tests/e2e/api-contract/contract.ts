/**
 * The contract check of /api from the outside: every call a typed client (openapi-fetch, with the
 * types openapi-typescript made from the document) sends goes through this middleware, which
 * checks the request and the answer against the served /api/openapi.json with outside validators
 * (openapi-request-validator, openapi-response-validator; ajv underneath, so in Node, never in
 * workerd). It records the calls made, the operations covered and every violation, either way.
 */
import type { Middleware } from "openapi-fetch";
import RequestValidatorModule from "openapi-request-validator";
import ResponseValidatorModule from "openapi-response-validator";

/** The CommonJS packages' classes, however the loader hands their `exports.default` over. */
const cjsDefault = <T>(module: T): T => (module as { default?: T }).default ?? module;
const OpenAPIRequestValidator = cjsDefault(RequestValidatorModule);
const OpenAPIResponseValidator = cjsDefault(ResponseValidatorModule);
type OpenAPIRequestValidator = InstanceType<typeof OpenAPIRequestValidator>;
type OpenAPIResponseValidator = InstanceType<typeof OpenAPIResponseValidator>;

type Json = Record<string, unknown>;

interface Operation {
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
}

export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Json & { schemas: Json; parameters: Record<string, Json>; responses: Record<string, Json> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

interface Checks {
  parameters: OpenAPIRequestValidator;
  body: OpenAPIRequestValidator | null;
  responses: OpenAPIResponseValidator;
  operation: Operation;
}

export class Contract {
  readonly calls: string[] = [];
  readonly covered = new Set<string>();
  readonly violations: string[] = [];
  private readonly checks = new Map<string, Checks>();
  /** Set while a call sends what the document refuses on purpose (refused()). */
  private refusing: string[] | null = null;

  constructor(readonly document: ApiDocument) {}

  /** The document as the server serves it. */
  static async load(baseUrl: string) {
    const response = await fetch(new URL("/api/openapi.json", baseUrl));
    if (!response.ok) throw new Error(`/api/openapi.json answered ${response.status}`);
    return new Contract((await response.json()) as ApiDocument);
  }

  /** Every operation of the document, as `GET /api/...`. */
  operations() {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  /** `{ $ref: '#/components/<kind>/<name>' }` replaced by what it names (one level: parameters, responses). */
  private resolve(value: Json): Json {
    const ref = value.$ref;
    if (typeof ref !== "string") return value;
    const [, , kind, name] = ref.split("/");
    return (this.document.components[kind!] as Record<string, Json>)[name!]!;
  }

  private checksFor(method: string, path: string): Checks | null {
    const key = `${method} ${path}`;
    const known = this.checks.get(key);
    if (known) return known;
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) return null;
    const schemas = this.document.components.schemas;
    const parameters = (operation.parameters ?? []).map((parameter) => this.resolve(parameter));
    const checks: Checks = {
      operation,
      // Query and path values arrive as text: the parameters are checked with their types coerced.
      parameters: new OpenAPIRequestValidator({
        parameters: parameters as never,
        schemas: schemas as never,
        ajvOptions: { coerceTypes: true },
      }),
      body: operation.requestBody
        ? new OpenAPIRequestValidator({ requestBody: operation.requestBody as never, schemas: schemas as never })
        : null,
      responses: new OpenAPIResponseValidator({
        responses: Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [status, this.resolve(response)]),
        ) as never,
        components: this.document.components as never,
      }),
    };
    this.checks.set(key, checks);
    return checks;
  }

  /**
   * Sends a request the document says is invalid, on purpose: the validator must find it invalid
   * (else the document accepts what the server refuses), and the answer is checked as any other.
   */
  async refused<T>(call: () => Promise<T>): Promise<T> {
    const found: string[] = [];
    this.refusing = found;
    try {
      return await call();
    } finally {
      this.refusing = null;
      if (!found.length) this.violations.push(`${this.calls.at(-1)}: sent as invalid, but the document accepts it`);
    }
  }

  private violation(call: string, what: string, detail: unknown) {
    if (this.refusing && what.startsWith("request")) {
      this.refusing.push(what);
      return;
    }
    this.violations.push(`${call}: ${what}${detail ? ` ${JSON.stringify(detail)}` : ""}`);
  }

  /** The middleware a client uses so that every call it makes is checked. */
  readonly middleware: Middleware = {
    onRequest: async ({ request, schemaPath }) => {
      const url = new URL(request.url);
      const call = `${request.method} ${url.pathname}${url.search}`;
      this.calls.push(call);
      const checks = this.checksFor(request.method, schemaPath);
      if (!checks) {
        this.violation(call, `${request.method} ${schemaPath} is not in the document`, null);
        return;
      }
      this.covered.add(`${request.method} ${schemaPath}`);
      const headers = Object.fromEntries(request.headers.entries());
      const template = new RegExp(`^${schemaPath.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
      const params = Object.fromEntries(
        Object.entries(template.exec(url.pathname)?.groups ?? {}).map(([name, value]) => [
          name,
          decodeURIComponent(value),
        ]),
      );
      const query = Object.fromEntries(url.searchParams.entries());
      const parameterErrors = checks.parameters.validateRequest({ headers, params, query, body: undefined });
      if (parameterErrors) this.violation(call, "request parameters", parameterErrors.errors);

      const text = request.body ? await request.clone().text() : "";
      const { requestBody } = checks.operation;
      if (!requestBody) {
        if (text) this.violation(call, "a body sent to an operation that takes none", null);
      } else if (!text) {
        // openapi-request-validator leaves an OpenAPI 3 body's `required` to the caller.
        if (requestBody.required) this.violation(call, "the document requires a body this call left out", null);
      } else {
        const body = JSON.parse(text) as unknown;
        const errors = checks.body!.validateRequest({ headers, body, params, query });
        if (errors) this.violation(call, "request body", errors.errors);
      }
    },
    onResponse: async ({ request, response, schemaPath }) => {
      const url = new URL(request.url);
      const call = `${request.method} ${url.pathname}${url.search} -> ${response.status}`;
      const checks = this.checksFor(request.method, schemaPath);
      if (!checks) return;
      const declared = checks.operation.responses[String(response.status)];
      if (!declared) {
        this.violation(call, "a status the document does not list", await response.clone().text());
        return;
      }
      const mediaType = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
      const content = (this.resolve(declared).content ?? {}) as Record<string, unknown>;
      if (!content[mediaType]) {
        this.violation(call, `content type ${mediaType}, the document lists ${Object.keys(content).join(", ")}`, null);
        return;
      }
      if (mediaType !== "application/json") return;
      const errors = checks.responses.validateResponse(response.status, await response.clone().json());
      if (errors) this.violation(call, "response body", errors.errors);
    },
  };

  /** The closing figures: calls made, operations covered of the document's, violations. */
  summary() {
    const all = this.operations();
    const uncovered = all.filter((operation) => !this.covered.has(operation));
    return [
      `contract: ${this.calls.length} calls made, ${this.covered.size} of ${all.length} operations covered, ${this.violations.length} violations`,
      ...this.violations.map((violation) => `  violation: ${violation}`),
      `  not called: ${uncovered.join(", ") || "none"}`,
    ].join("\n");
  }
}
