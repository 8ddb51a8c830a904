/**
 * The app's own route modules, gathered at build time, for the OpenAPI document and the
 * robustness suite (tests/worker/robustness.test.ts reads the same list).
 */
import { registerRoutes, type RegisteredRoute } from "./registry.server";

const modules = import.meta.glob<{ loader?: unknown; action?: unknown }>(
  ["../routes/api.*.ts", "!../routes/api.openapi[.]json.ts"],
  { eager: true },
);

/** Every /api route module, with its declarations. */
export function apiRoutes(): RegisteredRoute[] {
  return registerRoutes(modules);
}
