/**
 * The app's /api route modules, gathered at build time, for the OpenAPI document. The tests read
 * every route module the same way (tests/worker/route-modules.ts) for the coverage test and the
 * robustness suite.
 *
 * The document's own route is in the list too (it is an /api route like the others): the import is
 * circular, which is safe because the modules are only read when a request asks for the document.
 */
import { registerRoutes, type RegisteredRoute, type RouteModule } from "./registry.server";

const modules = import.meta.glob<RouteModule>("../routes/api.*.{ts,tsx}", { eager: true });

/** Every /api route module, with its declarations. */
export function apiRoutes(): RegisteredRoute[] {
  return registerRoutes(modules);
}
