import { endpoint, jsonRoute } from "~/http/json-route.server";
import { createUserCard } from "~/modules/cards/cards.server";
import { CreatedCardSchema, toApiCard } from "~/modules/cards/present";
import { CARD_MESSAGES, NewCardApiSchema } from "~/modules/cards/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Add a card that is not listed ('Other (Not Listed)')",
    description: "Live at once for its creator only; listed for admins to review.",
    access: "member",
    body: NewCardApiSchema,
    response: CreatedCardSchema,
    status: 201,
    async run({ ctx, body }) {
      const card = await createUserCard(ctx, body);
      return { message: CARD_MESSAGES.created, _id: card.id, data: toApiCard(card) };
    },
  }),
});
export const action = loader;
