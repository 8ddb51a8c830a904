/**
 * What a request should get, from the route's declaration alone (docs/decisions/080-route-kit.md):
 * the method and who asks first, then every input check the request fails. A request that fails
 * a check must be refused with one of those checks' statuses and change nothing; one that passes
 * them all reaches the domain, which may answer anything but a 5xx.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FormRouteDeclaration } from "~/http/form-action.server";
import { HTTP_METHODS, type Endpoint, type HttpMethod, type JsonRouteDeclaration } from "~/http/json-route.server";
import { DEFAULT_BODY_LIMIT, MAX_FIELD_DEPTH, fieldDepth } from "~/http/body.server";
import { queryObject } from "~/http/input.server";
import type { PageRouteDeclaration } from "~/http/page-loader.server";
import type { Declaration } from "~/http/registry.server";
import type { Role } from "./world";

export type Expected =
  /**
   * Refused by a check: one of these statuses, and no row written. `orRedirect`: a form only ever
   * posted by navigating (formResource's redirectAlways) may answer the refusal as a redirect
   * with the message as a toast, and a document post to a page that sends this person elsewhere
   * ends at that redirect.
   */
  | { outcome: "refused"; statuses: number[]; because: string[]; orRedirect?: boolean }
  /** Sent elsewhere (a page's sign-in rule): a 3xx. */
  | { outcome: "redirect"; because: string[] }
  /** Past every check: the domain answers, never with a 5xx. */
  | { outcome: "accepted" };

/** A request as the oracle reads it: what was sent, before any server saw it. */
export interface Sent {
  method: string;
  url: URL;
  contentType: string | null;
  bytes: Uint8Array<ArrayBuffer>;
  params: Record<string, string>;
  /** Sent as Remix's data request (`/path.data`): the action alone runs, no page is rendered. */
  data?: boolean;
}

const refused = (status: number | number[], because: string, orRedirect = false): Expected => ({
  outcome: "refused",
  statuses: [status].flat(),
  because: [because],
  orRedirect,
});

function mediaType(contentType: string | null) {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

async function passes(schema: z.ZodType, value: unknown) {
  return (await schema.safeParseAsync(value)).success;
}

/** Failures of the query and params schemas, as the kit parses them (before any body). */
async function inputFailures(
  declared: { query?: z.ZodType; params?: z.ZodType },
  sent: Sent,
  failures: Map<string, number>,
) {
  if (declared.query) {
    let query: Record<string, string> | null = null;
    try {
      query = queryObject(sent.url);
    } catch {
      failures.set("a query value is too long", 400);
    }
    if (query && !(await passes(declared.query, query))) failures.set("the query schema refuses it", 400);
  }
  if (declared.params && !(await passes(declared.params, sent.params)))
    failures.set("the params schema refuses them", 400);
}

function outcome(failures: Map<string, number>): Expected {
  if (!failures.size) return { outcome: "accepted" };
  return { outcome: "refused", statuses: [...new Set(failures.values())], because: [...failures.keys()] };
}

function apiRefusal(access: "anyone" | "member" | "admin", role: Role): Expected | null {
  if (access === "anyone") return null;
  if (role === "anonymous") return refused(401, "not signed in");
  if (access === "admin" && role === "member") return refused(403, "not an admin");
  return null;
}

async function jsonExpectation(declaration: JsonRouteDeclaration, role: Role, sent: Sent): Promise<Expected> {
  const method = (sent.method === "HEAD" ? "GET" : sent.method) as HttpMethod;
  const endpoint =
    HTTP_METHODS.includes(method) && Object.hasOwn(declaration.endpoints, method)
      ? declaration.endpoints[method]
      : undefined;
  if (!endpoint) return refused(405, `${sent.method} is not declared`);
  const access = apiRefusal(endpoint.access, role);
  if (access) return access;

  const failures = new Map<string, number>();
  await inputFailures(endpoint, sent, failures);
  const limit = endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (endpoint.bodyFormat === "text") {
    if (sent.bytes.byteLength > limit) failures.set("the body is too large", 413);
  } else if (endpoint.body) {
    const type = mediaType(sent.contentType);
    if (type && type !== "application/json" && !type.endsWith("+json"))
      failures.set("the content type is not JSON", 415);
    if (sent.bytes.byteLength > limit) failures.set("the body is too large", 413);
    if (!failures.size) {
      let body: unknown = {};
      try {
        // A body the route may leave out (bodyOptional) reads as {} when there is none.
        if (!(endpoint as Endpoint & { bodyOptional?: boolean }).bodyOptional || sent.bytes.byteLength) {
          body = JSON.parse(new TextDecoder().decode(sent.bytes));
        }
      } catch {
        failures.set("the body is not JSON", 400);
      }
      if (failures.size) return outcome(failures);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        failures.set("the body is not an object", 400);
      else if (!(await passes(endpoint.body, body))) failures.set("the body schema refuses it", 400);
    }
  }
  return outcome(failures);
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

async function formExpectation(declaration: FormRouteDeclaration, role: Role, sent: Sent): Promise<Expected> {
  if (sent.method === "GET" || sent.method === "HEAD") return refused(405, "a form answers posts only");
  const { access } = declaration;
  if (declaration.resource && access !== "anyone" && role === "anonymous") return refused(401, "not signed in");
  if ((access === "member" || access === "admin") && role === "anonymous")
    return { outcome: "redirect", because: ["sign in first"] };
  if (access === "visitor" && role !== "anonymous") return { outcome: "redirect", because: ["already signed in"] };
  if (access === "admin" && role === "member") return refused(403, "not an admin");

  const failures = new Map<string, number>();
  if (!FORM_TYPES.has(mediaType(sent.contentType))) failures.set("the body is not a form", 415);
  if (sent.bytes.byteLength > DEFAULT_BODY_LIMIT) failures.set("the body is too large", 413);
  if (failures.size) return outcome(failures);
  let formData: FormData;
  try {
    formData = await new Response(sent.bytes, { headers: { "Content-Type": sent.contentType! } }).formData();
  } catch {
    return refused(400, "the form cannot be read");
  }
  if ([...formData.keys()].some((name) => fieldDepth(name) > MAX_FIELD_DEPTH))
    return refused(400, "a field name is nested too deep");
  const orRedirect = (declaration as FormRouteDeclaration & { redirectAlways?: boolean }).redirectAlways === true;
  const named = formData.get("intent");
  const intentName = typeof named === "string" ? named : "default";
  const chosen = Object.hasOwn(declaration.intents, intentName) ? declaration.intents[intentName] : undefined;
  if (!chosen) return refused(400, `no intent '${intentName.slice(0, 40)}'`, orRedirect);
  const submission = await parseWithZod(formData, { schema: chosen.schema, async: true });
  if (submission.status === "success") return { outcome: "accepted" };
  return refused(400, `the '${intentName}' schema refuses it`, orRedirect);
}

async function pageExpectation(declaration: PageRouteDeclaration, role: Role, sent: Sent): Promise<Expected> {
  const { access } = declaration;
  if ((access === "member" || access === "admin") && role === "anonymous")
    return { outcome: "redirect", because: ["sign in first"] };
  if (access === "admin" && role === "member") return { outcome: "redirect", because: ["not an admin"] };
  if (access === "visitor" && role !== "anonymous") return { outcome: "redirect", because: ["already signed in"] };
  const failures = new Map<string, number>();
  await inputFailures(declaration, sent, failures);
  return outcome(failures);
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The expected outcome of `sent` on a route with these declarations (a GET reads the loader's,
 * anything else the action's). A method the route does not answer (a post without an action, or
 * OPTIONS where the route is not one kit handler for every method) is a 405 before anything else
 * (app/http/method-refusal.server.ts).
 */
export async function expectationFor(
  declarations: { loader?: Declaration | null; action?: Declaration | null },
  role: Role,
  sent: Sent,
): Promise<Expected> {
  const reads = sent.method === "GET" || sent.method === "HEAD";
  const { loader, action } = declarations;
  if (!reads && !(action && (action === loader || MUTATIONS.has(sent.method))))
    return refused(405, `the route does not answer ${sent.method}`);
  const declaration = reads ? declarations.loader : declarations.action;
  if (!declaration) return refused(405, reads ? "no loader" : "no action");
  switch (declaration.kind) {
    case "json":
      return jsonExpectation(declaration, role, sent);
    case "form": {
      const expected = await formExpectation(declaration, role, sent);
      // A document post renders the page after its action, so the page's own sign-in rule (a
      // visitor page such as /auth/forgot-password, whose form anyone may post) sends a member
      // on before the refusal is shown: right for a browser, and the refusal still changed nothing.
      if (expected.outcome === "refused" && !sent.data && loader?.kind === "page") {
        const page = await pageExpectation(loader, role, { ...sent, method: "GET" });
        if (page.outcome === "redirect") return { ...expected, orRedirect: true };
      }
      return expected;
    }
    case "page":
      return pageExpectation(declaration, role, sent);
    case "fallback":
      return refused(404, "no route has this path");
  }
}
