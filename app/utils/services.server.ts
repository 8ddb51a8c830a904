/**
 * Transitional (ADR 091): the request's services are built by the route kit now
 * (app/http/services.server.ts) and typed in core (app/core/services.server.ts). This re-export
 * stays only until the last importer (app/http/json-route.server.ts, being edited on another
 * branch) imports from ~/http/services.server; then delete it and its lint exemption.
 */
export { getServices, type Services } from "~/http/services.server";
