/**
 * The property-based layer: fast-check arbitraries of whole requests around each declared schema
 * (bodies, forms and query strings), for the suite to send and judge like the fixed probes.
 */
import fc from "fast-check";
import { HTTP_METHODS } from "~/http/json-route.server";
import type { RegisteredRoute } from "~/http/registry.server";
import { fillPath, formBody, formEntries, primaryRole, type FormEntry, type Probe } from "./probes";
import { asFormValue, describeInput, objectNeighbourhood, type JsonSchema } from "./schema-values";
import { realId, type Role, type World } from "./world";

export interface Generator {
  /** "POST body", "intent 'privacy'", "GET query". */
  name: string;
  role: Role;
  arbitrary: fc.Arbitrary<Probe>;
  /** How many requests to generate: more for JSON bodies, whose schemas are the richest. */
  runs: number;
}

function queryString(value: Record<string, unknown>) {
  const entries = Object.entries(value).map(([key, inner]): [string, string] => [key, asFormValue(inner)]);
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : "";
}

export function generatorsFor(route: RegisteredRoute, world: World): Generator[] {
  const { loader, action } = route;
  const { path, params } = fillPath(route, world);
  const ids = (name: string) => realId(world, route.path, name);
  const probe = (method: string, label: string, rest: Partial<Probe>): Probe => ({
    kind: "generated",
    label,
    method,
    path,
    params,
    search: "",
    contentType: null,
    body: null,
    ...rest,
  });
  const queryGenerator = (method: string, schema: JsonSchema, role: Role, search = ""): Generator => ({
    name: `${method} query`,
    role,
    runs: 5,
    arbitrary: objectNeighbourhood(schema, ids).map((value) => {
      const query = queryString(value);
      return probe(method, `query ${query}`, {
        search: search && query ? `${search}&${query.slice(1)}` : search || query,
      });
    }),
  });

  const generators: Generator[] = [];
  if (loader?.kind === "json") {
    for (const method of HTTP_METHODS) {
      const endpoint = loader.endpoints[method];
      if (!endpoint) continue;
      const role = primaryRole(endpoint.access);
      if (endpoint.body && endpoint.bodyFormat !== "text") {
        generators.push({
          name: `${method} body`,
          role,
          runs: 10,
          arbitrary: objectNeighbourhood(describeInput(endpoint.body), ids).map((value) => {
            const body = JSON.stringify(value);
            return probe(method, `body ${body}`, { contentType: "application/json", body });
          }),
        });
      }
      if (endpoint.query && method === "GET")
        generators.push(queryGenerator(method, describeInput(endpoint.query), role));
    }
  }
  if (action?.kind === "form") {
    const role = primaryRole(action.access);
    for (const [name, intent] of Object.entries(action.intents)) {
      const named = fc.oneof(
        { arbitrary: fc.constant<FormEntry[]>(name === "default" ? [] : [["intent", name]]), weight: 8 },
        { arbitrary: fc.constantFrom<FormEntry[]>([["intent", "constructor"]], [["intent", ""]], []), weight: 1 },
      );
      generators.push({
        name: `intent '${name}'`,
        role,
        runs: 6,
        arbitrary: fc
          .tuple(named, objectNeighbourhood(describeInput(intent.schema), ids, 1), fc.boolean())
          .map(([intentEntries, value, multipart]) => {
            const entries = [...intentEntries, ...formEntries(value)];
            const body = formBody(entries, multipart ? "multipart" : "urlencoded");
            return probe("POST", `form ${new URLSearchParams(entries as [string, string][]).toString()}`, {
              ...body,
              search: route.index ? "?index" : "",
              data: !action.resource,
            });
          }),
      });
    }
  }
  if (loader?.kind === "page" && loader.query) {
    const generator = queryGenerator("GET", describeInput(loader.query), primaryRole(loader.access));
    generators.push({ ...generator, arbitrary: generator.arbitrary.map((query) => ({ ...query, data: true })) });
  }
  return generators;
}
