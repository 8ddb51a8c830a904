import { environmentForRequest } from "./app/utils/env.server";
import type { PlatformProxy } from "wrangler";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Per-request nonce for the Content-Security-Policy; absent under `remix vite:dev`. */
    cspNonce?: string;
    /** The request's D1 session (ADR 008), opened by server.ts; absent under `remix vite:dev`. */
    d1Session?: D1DatabaseSession;
    /** Where the edge cache keeps this deploy's pages (ADR 062), for purging them after writes; set by server.ts. */
    edge?: { origin: string; version: string };
    /** The request being observed (ADR 065): its id, route and member, for logs and error reports; set by server.ts. */
    invocation?: import("./app/core/log").Invocation;
  }
}

/** Load context for `remix vite:dev`; the Worker entry (server.ts) builds the same shape. */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }) {
  return {
    cloudflare: { ...context.cloudflare, env: environmentForRequest(context.cloudflare.env, new URL(request.url)) },
  };
}
