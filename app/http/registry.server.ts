/**
 * Every route module's declaration, read off its `loader` and `action` (the kit tags them). The
 * OpenAPI document and the robustness suite are generated from this one list, so a route cannot
 * be in one and not the other.
 */
import { ROUTE_DECLARATION, type JsonRouteDeclaration } from "./json-route.server";
import type { FormRouteDeclaration } from "./form-action.server";
import type { PageRouteDeclaration } from "./page-loader.server";
import { routePath } from "./route-path";

type Declaration = JsonRouteDeclaration | FormRouteDeclaration | PageRouteDeclaration;

export interface RegisteredRoute {
  file: string;
  path: string;
  /** Undefined when the module has a loader or action the kit did not build: a test fails on it. */
  loader?: Declaration | null;
  action?: Declaration | null;
}

type RouteModule = { loader?: unknown; action?: unknown };

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
      loader: declarationOf(module.loader),
      action: declarationOf(module.action),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
