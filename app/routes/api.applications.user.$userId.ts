import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listApplicationsByUser } from "~/modules/applications/applications.server";
import { ApplicationPageSchema } from "~/modules/applications/present";
import { decodeCreatedCursor } from "~/utils/keyset.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "A user's applications",
    description: "For that user or an admin; newest first, 20 a page.",
    access: "member",
    params: z.object({ userId: z.string() }),
    query: z.object({ cursor: z.string().optional().describe("nextCursor of the previous page") }),
    response: ApplicationPageSchema,
    errors: [403],
    run: ({ ctx, params, query }) =>
      listApplicationsByUser(ctx, { userId: params.userId, cursor: decodeCreatedCursor(query.cursor) }),
  }),
});
export const action = loader;
