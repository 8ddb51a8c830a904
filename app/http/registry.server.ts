/**
 * Every route module's declaration, read off its `loader` and `action` (the kit tags them). The
 * OpenAPI document and the robustness suite are generated from this one list, so a route cannot
 * be in one and not the other.
 */
import { ROUTE_DECLARATION, type FallbackRouteDeclaration, type JsonRouteDeclaration } from "./json-route.server";
import type { FormRouteDeclaration } from "./form-action.server";
import type { PageRouteDeclaration } from "./page-loader.server";
import { routePath } from "./route-path";

export type Declaration = JsonRouteDeclaration | FormRouteDeclaration | PageRouteDeclaration | FallbackRouteDeclaration;

export interface RegisteredRoute {
  file: string;
  path: string;
  /** An index route (`_index`): a form posts to it as `path?index`. */
  index: boolean;
  /** Null when the module has a loader or action the kit did not build: a test fails on it. */
  loader?: Declaration | null;
  action?: Declaration | null;
}

export type RouteModule = { loader?: unknown; action?: unknown; default?: unknown };

function declarationOf(handler: unknown): Declaration | null | undefined {
  if (handler === undefined) return undefined;
  const declaration = (handler as Record<symbol, Declaration | undefined>)[ROUTE_DECLARATION];
  return declaration ?? null;
}

/** The routes of `modules` (an import.meta.glob of app/routes), sorted by path. */
export function registerRoutes(modules: Record<string, RouteModule>): RegisteredRoute[] {
  return Object.entries(modules)
    .map(([file, module]) => ({
      file: file.replace(/^.*\/routes\//, "app/routes/"),
      path: routePath(file),
      index: /(^|[./])_index(\.tsx?|\/route\.tsx?)$/.test(file),
      loader: declarationOf(module.loader),
      action: declarationOf(module.action),
    }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.file.localeCompare(b.file));
}

/**
 * What is wrong with a route's declarations, in words a converter can act on (empty when
 * nothing): a loader or action the kit did not build, an /api module that is not a jsonRoute,
 * a JSON route or form resource exported as only one of `loader` and `action` (Remix would answer
 * the other method itself, outside the envelope), or a page declaration exported as an action.
 */
export function declarationProblems(route: RegisteredRoute): string[] {
  const problems: string[] = [];
  const convert = "declare it with the route kit (app/http, docs/decisions/080-route-kit.md)";
  if (route.loader === null) problems.push(`${route.file}: its loader is not built by the kit; ${convert}`);
  if (route.action === null) problems.push(`${route.file}: its action is not built by the kit; ${convert}`);
  const declared = route.loader ?? route.action;
  const undeclared = route.loader === null || route.action === null;
  if (route.path.startsWith("/api/") && !undeclared && declared?.kind !== "json" && declared?.kind !== "fallback") {
    problems.push(`${route.file}: an /api route is a jsonRoute (its answers, 405s included, are in the envelope)`);
  }
  const paired =
    declared &&
    (declared.kind === "json" || declared.kind === "fallback" || (declared.kind === "form" && declared.resource));
  if (paired && route.loader !== route.action) {
    problems.push(
      `${route.file}: its handler must be exported as both loader and action (\`export const action = loader;\`)`,
    );
  }
  if (route.action?.kind === "page") problems.push(`${route.file}: its action is a pageLoader; use formAction`);
  return problems;
}
