/**
 * Every route module of the app, read the way Remix's flat routes find them, with the kit's
 * declarations (app/http/registry.server.ts). The coverage test and the robustness suite work
 * from this list, so a new route file is in both the moment it exists.
 */
import { registerRoutes, type RouteModule } from "~/http/registry.server";

const modules = import.meta.glob<RouteModule>(["../../app/routes/*.{ts,tsx}", "../../app/routes/*/route.{ts,tsx}"], {
  eager: true,
});

export const ROUTE_FILES = Object.keys(modules);

/** Each route's module, by its file as RegisteredRoute names it (`app/routes/...`). */
export const ROUTE_MODULES: Record<string, RouteModule & { meta?: unknown }> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => [file.replace(/^.*\/routes\//, "app/routes/"), module]),
);

/** Every route, sorted by path. */
export const ROUTES = registerRoutes(modules);
