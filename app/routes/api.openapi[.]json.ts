import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { openApiDocument } from "~/http/openapi.server";
import { apiRoutes } from "~/http/routes.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "This document: the OpenAPI 3.1 description of every /api route",
    description: "Rendered for people at /api/docs.",
    access: "anyone",
    envelope: false,
    response: z.looseObject({ openapi: z.string() }),
    async run({ request }) {
      return Response.json(openApiDocument(apiRoutes(), new URL(request.url).origin), {
        headers: { "Cache-Control": "public, max-age=300" },
      });
    },
  }),
});
export const action = loader;
