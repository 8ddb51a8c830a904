import type { AppLoadContext } from "@remix-run/cloudflare";
import { isDevelopment } from "./env.server";
import { getServices } from "./services.server";

/** Development tools (the email outbox) do not exist outside ENVIRONMENT=development. */
export function requireDevelopment(context: AppLoadContext) {
  if (!isDevelopment(getServices(context).env)) throw new Response("Not found", { status: 404 });
}
