import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "../../db/client";
import { parseEnv, type AppEnv } from "./env.server";

export interface Services {
  env: AppEnv;
  db: Db;
}

const cache = new WeakMap<AppLoadContext, Services>();

/** The request's environment and database, built once per request from the load context. */
export function getServices(context: AppLoadContext): Services {
  let services = cache.get(context);
  if (!services) {
    const raw = context.cloudflare.env;
    services = { env: parseEnv(raw as unknown as Record<string, unknown>), db: createDb(raw.DB) };
    cache.set(context, services);
  }
  return services;
}
