import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "../../db/client";
import { createRealtime, type Realtime } from "../modules/realtime/realtime.server";
import { parseEnv, type AppEnv } from "./env.server";

export interface Services {
  env: AppEnv;
  db: Db;
  /** Work that may finish after the response (emails whose timing must not reveal anything). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The realtime rooms (Durable Object bindings): fan-out, and closing a user's sockets. */
  realtime: Realtime;
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
      waitUntil: (promise) => ctx.waitUntil(promise.catch((error) => console.error(error))),
      realtime: createRealtime(raw),
    };
    cache.set(context, services);
  }
  return services;
}
