import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "../../db/client";
import type { Services } from "~/core/services.server";
import { createRealtime } from "~/modules/realtime/realtime.server";
import { parseEnv } from "~/utils/env.server";
import { noteUnexpected } from "../core/log";
import { edgeCache, purgeEdgePaths } from "./edge-cache.server";

export type { Services };

const cache = new WeakMap<AppLoadContext, Services>();

/**
 * The request's environment, database and rooms, built once per request from the load context.
 * The database is the request's D1 session that server.ts opened (ADR 008), so every loader,
 * action and /api route reads from a replica at least as fresh as the client's bookmark; only
 * `remix vite:dev`, which has no response hook to hand a bookmark back, uses the binding itself.
 */
export function getServices(context: AppLoadContext): Services {
  let services = cache.get(context);
  if (!services) {
    const raw = context.cloudflare.env;
    const ctx = context.cloudflare.ctx;
    services = {
      env: parseEnv(raw as unknown as Record<string, unknown>),
      db: createDb(context.d1Session ?? raw.DB),
      waitUntil: (promise) =>
        ctx.waitUntil(promise.catch((error) => noteUnexpected(context.invocation, error, "waitUntil"))),
      realtime: createRealtime(raw),
      notifications: raw.NOTIFICATIONS,
    };
    const edge = context.edge;
    if (edge) {
      const waitUntil = services.waitUntil;
      services.purgePages = (paths) => waitUntil(paths().then((list) => purgeEdgePaths(edgeCache(), edge, list)));
    }
    cache.set(context, services);
  }
  return services;
}
