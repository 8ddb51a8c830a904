/**
 * The one way to write an /api route (docs/decisions/080-route-kit.md). A route file declares, per
 * method, who may call it, its body, query and params schemas, its response schema and a `run`
 * that calls the domain:
 *
 *   export const loader = jsonRoute({
 *     POST: endpoint({ summary: "Sign in", access: "anyone", body: LoginSchema, response: LoginAnswer,
 *                      run: ({ ctx, body }) => loginWithPassword(ctx, body) }),
 *   });
 *   export const action = loader;
 *
 * (Two plain `export const`s, because Remix strips a route's server code from the browser bundle
 * by those names.)
 *
 * The kit owns everything around `run`: 405 with `Allow`, 401/403, the content type and size of
 * the body, JSON that is not an object, schema failures as 400 with field errors, DomainError to
 * its status, and no stack or internal text in any answer. The same declarations generate the
 * OpenAPI document (app/http/openapi.server.ts).
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { isDevelopment } from "~/utils/env.server";
import { contextFor, type Ctx } from "~/core/context.server";
import { getServices } from "./services.server";
import { guard, type ApiAccess, type UserFor } from "./access.server";
import { readJsonObject, readTextBody } from "./body.server";
import { apiError, apiFailure, methodNotAllowed } from "./envelope.server";
import { parseInput, queryObject } from "./input.server";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/** What `run` may return for a response schema: its JSON shape, with Dates where strings go. */
export type Serializable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Serializable<U>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

interface EndpointArgs<A extends ApiAccess, B, Q, P> {
  /** The request's services: database, environment, realtime rooms, waitUntil. */
  ctx: Ctx;
  user: UserFor<A>;
  body: B;
  /** The raw body, for `bodyFormat: "text"` routes. */
  text: string;
  query: Q;
  params: P;
  /** For what only HTTP has (a bearer token, a signature header); never handed to the domain. */
  request: Request;
  context: AppLoadContext;
}

export interface Endpoint<
  A extends ApiAccess = ApiAccess,
  BS extends Schema | undefined = Schema | undefined,
  QS extends Schema | undefined = Schema | undefined,
  PS extends Schema | undefined = Schema | undefined,
  RS extends Schema = Schema,
> {
  /** One line for the API reference. */
  summary: string;
  description?: string;
  access: A;
  /** The JSON body's schema (an object); omit for routes without a body. */
  body?: BS;
  /**
   * The body's schema for this request, when its checks read data (a card's rules, read for the
   * caller): the kit parses with it, while `body` still describes the shape for the reference and
   * the robustness suite. It must refuse at least what `body` refuses.
   */
  bodyFor?: (ctx: Ctx) => z.ZodType<Out<BS>>;
  /** `text`: the body arrives unparsed as a string (a signed webhook payload). */
  bodyFormat?: "json" | "text";
  /** Largest body accepted, in bytes (default 64 KB). */
  bodyLimit?: number;
  /** The body may be left out altogether (read as `{}`); one that is sent must still be a JSON object. */
  bodyOptional?: boolean;
  query?: QS;
  params?: PS;
  /** The success payload beside `success: true`. */
  response: RS;
  /** The success status (default 200). */
  status?: 200 | 201;
  /** Error statuses this route answers besides the kit's own (for the reference). */
  errors?: readonly number[];
  /**
   * `false` when `run` answers a Response whose body is `response` as it is, outside the envelope
   * (the OpenAPI document, the reference page), so the reference describes it without `success`.
   */
  envelope?: false;
  /** The media type of that Response, for the reference (default application/json). */
  mediaType?: "application/json" | "text/html";
  run(args: EndpointArgs<A, Out<BS>, Out<QS>, Out<PS>>): Promise<Serializable<z.output<RS>> | Response>;
}

type Endpoints = Partial<Record<HttpMethod, Endpoint>>;

/** What the registry (OpenAPI, robustness suite) reads off a route's loader and action. */
export const ROUTE_DECLARATION = Symbol.for("cardshare.route");

export interface JsonRouteDeclaration {
  kind: "json";
  endpoints: Endpoints;
}

/** Declares one endpoint with its types inferred (use inside `jsonRoute`). */
export function endpoint<
  A extends ApiAccess,
  BS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
  RS extends Schema = Schema,
>(declaration: Endpoint<A, BS, QS, PS, RS>): Endpoint {
  return declaration as unknown as Endpoint;
}

async function answer(endpoint: Endpoint, args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const { request, context, params } = args;
  const user = await guard("api", endpoint.access, request, context);
  const ctx = contextFor(getServices(context), user);
  const query = endpoint.query ? await parseInput(endpoint.query, queryObject(new URL(request.url))) : undefined;
  const parsedParams = endpoint.params ? await parseInput(endpoint.params, params) : undefined;
  let body: unknown;
  let text = "";
  if (endpoint.bodyFormat === "text") text = await readTextBody(request, endpoint.bodyLimit);
  else if (endpoint.body) {
    const schema = endpoint.bodyFor?.(ctx) ?? endpoint.body;
    body = await parseInput(schema, await readJsonObject(request, endpoint.bodyLimit, endpoint.bodyOptional));
  }

  const payload = await endpoint.run({ ctx, user, body, text, query, params: parsedParams, request, context } as never);
  if (payload instanceof Response) return payload;
  const json = JSON.parse(JSON.stringify(payload ?? {})) as Record<string, unknown>;
  if (isDevelopment(ctx.env)) {
    // The declared response is the contract (the OpenAPI document): in development and tests an
    // answer that drifts from it is a loud 500, so the drift is found before a client finds it.
    const checked = endpoint.response.safeParse(json);
    if (!checked.success) {
      console.error(`Response of ${request.method} ${new URL(request.url).pathname} breaks its schema`, checked.error);
      return apiFailure(500, "The response does not match its declared schema.");
    }
  }
  return Response.json({ success: true, ...json }, { status: endpoint.status ?? 200 });
}

/**
 * An /api route module's handler, exported as both its `loader` and its `action`. Any method
 * without an endpoint is a 405 naming the ones there are; HEAD is answered as GET.
 */
export function jsonRoute(endpoints: Endpoints) {
  const allow = HTTP_METHODS.filter((method) => endpoints[method]);
  const handle = async (args: LoaderFunctionArgs | ActionFunctionArgs) => {
    const method = args.request.method === "HEAD" ? "GET" : (args.request.method as HttpMethod);
    const endpoint = Object.hasOwn(endpoints, method) ? endpoints[method] : undefined;
    if (!endpoint) return methodNotAllowed(allow);
    try {
      return await answer(endpoint, args);
    } catch (error) {
      return apiError(error, args.context.invocation);
    }
  };
  const declaration: JsonRouteDeclaration = { kind: "json", endpoints };
  return Object.assign(handle, { [ROUTE_DECLARATION]: declaration });
}

/** What the registry reads off the /api catch-all: no operations of its own. */
export interface FallbackRouteDeclaration {
  kind: "fallback";
}

/**
 * The /api catch-all (app/routes/api.$.ts), exported as both its `loader` and its `action`: any
 * method on a path no route declares is a 404 in the envelope with the spec's text
 * (docs/product.md#texts), never an HTML page.
 */
export function apiNotFound() {
  const handle = async ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
    apiFailure(404, `Endpoint ${new URL(request.url).pathname} not found. Please check API URL.`);
  const declaration: FallbackRouteDeclaration = { kind: "fallback" };
  return Object.assign(handle, { [ROUTE_DECLARATION]: declaration });
}
