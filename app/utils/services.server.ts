import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "../../db/client";
import { createRealtime, type Realtime } from "../modules/realtime/realtime.server";
import { edgeCache, purgeEdgePaths } from "../http/edge-cache.server";
import { noteUnexpected } from "../core/log";
import { parseEnv, type AppEnv } from "./env.server";

export interface Services {
  env: AppEnv;
  db: Db;
  /** Work that may finish after the response (emails whose timing must not reveal anything). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The realtime rooms (Durable Object bindings): fan-out, and closing a user's sockets. */
  realtime: Realtime;
  /**
   * Drops the edge cache's copies of public pages after a write that changes them (ADR 062), in
   * waitUntil; the paths may be read from the database first. Absent where nothing is cached
   * (`remix vite:dev`, rooms, the cron).
   */
  purgePages?: (paths: () => Promise<string[]>) => void;
}

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
