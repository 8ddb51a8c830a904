import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listApplicationsByReferrer } from "~/modules/applications/applications.server";
import { ApplicationPageSchema } from "~/modules/applications/present";
import { decodeCreatedCursor } from "~/utils/keyset.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Applications through a referrer's links",
    description: "For that referrer or an admin; newest first, 20 a page.",
    access: "member",
    params: z.object({ referrerId: z.string() }),
    query: z.object({ cursor: z.string().optional().describe("nextCursor of the previous page") }),
    response: ApplicationPageSchema,
    errors: [403],
    run: ({ ctx, params, query }) =>
      listApplicationsByReferrer(ctx, { referrerId: params.referrerId, cursor: decodeCreatedCursor(query.cursor) }),
  }),
});
export const action = loader;
