import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { createCard, listCards } from "~/modules/cards/cards.server";
import { ApiCardSchema, CreatedCardSchema, toApiCard } from "~/modules/cards/present";
import { CARD_MESSAGES, CardApiSchema, IssuerFilter } from "~/modules/cards/schemas";
import { pageLimit } from "~/utils/keyset.server";

const CardListQuery = z.object({
  issuer: IssuerFilter,
  // A malformed cursor starts again at the first page (utils/keyset.ts); only its size is refused.
  cursor: z.string().max(1024, "That cursor is not valid").optional(),
  // Up to 500 a page, 200 by default; a value out of range is read as the nearest sensible one.
  limit: z.preprocess(
    (value) => pageLimit(typeof value === "string" ? value : null, 500, 200),
    z.number().int().min(1).max(500).describe("Cards a page: 1 to 500, 200 when left out"),
  ),
});

export const loader = jsonRoute({
  GET: endpoint({
    summary: "A page of credit cards, ordered by issuer and name",
    description: "Members see active cards and the cards they added; admins see every card.",
    access: "member",
    query: CardListQuery,
    response: z.object({ data: z.array(ApiCardSchema), nextCursor: z.string().nullable() }),
    async run({ ctx, query }) {
      const page = await listCards(ctx, query);
      return { data: page.items.map(toApiCard), nextCursor: page.nextCursor };
    },
  }),
  POST: endpoint({
    summary: "Add a card to the catalogue (admins)",
    access: "admin",
    body: CardApiSchema,
    response: CreatedCardSchema,
    status: 201,
    async run({ ctx, body }) {
      const card = await createCard(ctx, body);
      return { message: CARD_MESSAGES.created, _id: card.id, data: toApiCard(card) };
    },
  }),
});
export const action = loader;
