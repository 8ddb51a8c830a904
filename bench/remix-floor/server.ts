/** The floor's Worker: Remix's request handler and nothing else (static files come from assets). */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "remix-floor-build";

const handleRequest = createRequestHandler(build);

export default {
  // Its loader reads nothing from the context.
  fetch: (request) => handleRequest(request),
} satisfies ExportedHandler;
