import { z } from "zod";
import { assertSelf } from "~/core/actor";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listMyApplications } from "~/modules/applications/applications.server";
import { ApplySchema, applyToReferral } from "~/modules/applications/apply.server";
import { ApplicationPageSchema, NewApplicationSchema } from "~/modules/applications/present";
import { parseStatusFilter } from "~/modules/applications/status";
import { decodeCreatedCursor } from "~/utils/keyset.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The caller's applications",
    description: "Newest first, 20 a page; `status` pending or completed filters (anything else: all).",
    access: "member",
    query: z.object({
      status: z.string().optional().describe("pending | completed"),
      cursor: z.string().optional().describe("nextCursor of the previous page"),
    }),
    response: ApplicationPageSchema,
    run: ({ ctx, query }) =>
      listMyApplications(ctx, {
        filter: parseStatusFilter(query.status),
        cursor: decodeCreatedCursor(query.cursor),
      }),
  }),
  POST: endpoint({
    summary: "Apply through a referral",
    description:
      "Records an application (pending) and takes one of the referral's slots (docs/product.md#applications). " +
      "`userId`, when sent, must be the caller; `cardId` must be the referral's card.",
    access: "member",
    body: ApplySchema,
    response: z.object({ message: z.string(), data: NewApplicationSchema }),
    status: 201,
    errors: [403, 404, 409],
    async run({ ctx, user, body }) {
      assertSelf(body.userId, user.id, "You can only apply as yourself.");
      return applyToReferral(ctx, body);
    },
  }),
});
export const action = loader;
