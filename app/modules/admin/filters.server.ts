import type { Db } from "../../../db/client";
import { listCards } from "~/modules/cards/cards.server";
import type { Actor } from "~/core/actor";
import { findUserIdByHandle } from "./users.server";

/**
 * The filters the referral and application lists share (SharedFiltersQuery): a card (from a select
 * of the catalogue) and a member given by exact username or email. An unknown member matches
 * nothing rather than everything.
 */
export async function readSharedFilters(db: Db, admin: Actor, query: { card?: string; user: string }) {
  const { user } = query;
  const [userId, cards] = await Promise.all([
    user ? findUserIdByHandle(db, user) : null,
    listCards(db, admin, { limit: 500 }),
  ]);
  return {
    user,
    userId: user ? (userId ?? "-") : null,
    cardId: query.card || null,
    cards: cards.items.map((card) => ({ id: card.id, label: `${card.issuer} - ${card.name}` })),
  };
}
