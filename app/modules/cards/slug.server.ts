import { sql } from "drizzle-orm";

import { creditCards } from "../../../db/schema";
import { cardSlug } from "~/core/card-slug";

/**
 * The slug column's value for a new card, decided inside its INSERT (no extra trip): the name's
 * slug, or, when another card already has it, the slug followed by the first 6 characters of the
 * new card's id (ids are random, so two cards of one name still get distinct addresses).
 */
export function newCardSlug(name: string, cardId: string) {
  const base = cardSlug(name);
  return sql<string>`CASE WHEN EXISTS (SELECT 1 FROM ${creditCards} WHERE ${creditCards.slug} = ${base}) THEN ${`${base}-${cardId.slice(0, 6)}`} ELSE ${base} END`;
}
