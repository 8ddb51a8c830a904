import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { deleteCard, getCard, updateCard } from "~/modules/cards/cards.server";
import { ApiCardSchema, toApiCard } from "~/modules/cards/present";
import { CARD_MESSAGES, CardApiSchema } from "~/modules/cards/schemas";

const CardParams = z.object({ id: z.string().max(64, CARD_MESSAGES.notFound) });

export const loader = jsonRoute({
  GET: endpoint({
    summary: "One credit card",
    description: "Inactive and other members' own cards are a 404 except to admins.",
    access: "member",
    params: CardParams,
    response: z.object({ data: ApiCardSchema }),
    async run({ ctx, params }) {
      return { data: toApiCard(await getCard(ctx, { cardId: params.id })) };
    },
  }),
  PUT: endpoint({
    summary: "Replace a card's fields (admins)",
    access: "admin",
    params: CardParams,
    body: CardApiSchema,
    response: z.object({ message: z.string(), data: ApiCardSchema }),
    async run({ ctx, params, body }) {
      const card = await updateCard(ctx, { cardId: params.id, card: body });
      return { message: CARD_MESSAGES.updated, data: toApiCard(card) };
    },
  }),
  DELETE: endpoint({
    summary: "Delete a card no referral uses (admins)",
    description: "A card with referrals is refused with 409 and code CARD_HAS_REFERRALS: mark it inactive instead.",
    access: "admin",
    params: CardParams,
    response: z.object({ message: z.string() }),
    errors: [409],
    async run({ ctx, params }) {
      await deleteCard(ctx, { cardId: params.id });
      return { message: CARD_MESSAGES.deleted };
    },
  }),
});
export const action = loader;
