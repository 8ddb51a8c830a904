/**
 * A card's public address is /cards/{slug} (docs/product.md#card-pages). The slug is made once,
 * from the name, when the card is created, and kept when the card is renamed so shared links live.
 * migrations/0011_cards_slug.sql applies the same rule to the cards that existed before.
 */
export function cardSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\+/g, " plus ")
    .replace(/['’®™]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "card";
}
