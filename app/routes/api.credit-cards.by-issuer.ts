import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { listCardsByIssuer } from "~/modules/cards/cards.server";
import { ApiCardSchema, toApiCard } from "~/modules/cards/present";
import { IssuerFilter } from "~/modules/cards/schemas";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The readable cards grouped by issuer (one issuer's with ?issuer=)",
    access: "member",
    query: z.object({ issuer: IssuerFilter }),
    response: z.object({ data: z.record(z.string(), z.array(ApiCardSchema)) }),
    async run({ ctx, query }) {
      const grouped = await listCardsByIssuer(ctx, { issuer: query.issuer });
      // Object.fromEntries defines own keys, so an issuer named "__proto__" stays a plain key.
      return { data: Object.fromEntries([...grouped].map(([issuer, cards]) => [issuer, cards.map(toApiCard)])) };
    },
  }),
});
export const action = loader;
