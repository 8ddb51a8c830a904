import { listCards } from "~/modules/cards/cards.server";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { findUserIdByHandle } from "./users.server";

/**
 * The filters the referral and application lists share (SharedFiltersQuery): a card (from a select
 * of the catalogue) and a member given by exact username or email. An unknown member matches
 * nothing rather than everything.
 */
export async function readSharedFilters(ctx: Pick<Ctx, "db" | "actor">, query: { card?: string; user: string }) {
  assertAdmin(ctx.actor);
  const { user } = query;
  const [userId, cards] = await Promise.all([
    user ? findUserIdByHandle(ctx, { handle: user }) : null,
    listCards(ctx, { limit: 500 }),
  ]);
  return {
    user,
    userId: user ? (userId ?? "-") : null,
    cardId: query.card || null,
    cards: cards.items.map((card) => ({ id: card.id, label: `${card.issuer} - ${card.name}` })),
  };
}
