/**
 * The catalogue people browse (/cards, docs/product.md#catalogue, ADR 200): listed cards with
 * their welcome offer, live referral count and best share, searched by card or issuer, filtered by
 * issuer, category, annual fee and bonus type, sorted by most referrals, best share, highest welcome
 * offer or lowest fee, and paged by keyset. Every figure comes from credit_cards' market columns
 * (kept by migration 0021's triggers), so a page reads cards only, never the referrals, and each
 * order rides on its own index.
 */
import { sql, type Column } from "drizzle-orm";
import { z } from "zod";
import { BONUS_UNITS, CARD_CATEGORIES, type BonusUnit } from "../../../db/enums";
import { creditCards } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import type { Read } from "~/core/d1-reads.server";
import { offerKind } from "~/modules/cards/value";
import { BONUS_TYPES, MAX_FEE_OPTIONS, type BonusType } from "~/modules/referrals/display";
import { columnNames, statement } from "~/utils/d1-statement.server";
import { decodeCursor, encodeCursor } from "~/utils/keyset.server";
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORTS,
  presentMarketCard,
  type CatalogueRow,
  type CatalogueSort,
  type MarketCard,
} from "./catalogue";

/** Each order: its column (one index each, db/schema.ts credit_cards_market_*_idx) and direction. */
const ORDERS: Record<CatalogueSort, { column: Column; direction: "asc" | "desc" }> = {
  referrals: { column: creditCards.liveReferrals, direction: "desc" },
  share: { column: creditCards.bestShareValue, direction: "desc" },
  offer: { column: creditCards.offerValue, direction: "desc" },
  fee: { column: creditCards.annualFee, direction: "asc" },
};

/** A card's columns as the catalogue and the landing read them (CatalogueRow, by their bare names). */
export const MARKET_CARD_COLUMNS = columnNames([
  creditCards.id,
  creditCards.slug,
  creditCards.name,
  creditCards.issuer,
  creditCards.category,
  creditCards.annualFee,
  creditCards.imageUrl,
  creditCards.applyBenefitWithReferral,
  creditCards.offerAmount,
  creditCards.offerUnit,
  creditCards.offerMinSpend,
  creditCards.offerMonths,
  creditCards.offerValue,
  creditCards.liveReferrals,
  creditCards.bestShareValue,
]);

/** A listed card, in literals: each market index starts with (active, is_user_added). */
export const LISTED_CARD = sql`${creditCards.active} = 1 AND ${creditCards.isUserAdded} = 0`;

/** An unknown or empty value of a filter is no filter (a link from elsewhere never fails the page). */
const optionalOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (values.includes(value as string) ? value : undefined), z.enum(values).optional());

/** The catalogue's URL parameters. */
export const CatalogueQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .optional()
    .transform((value) => value?.trim() || undefined),
  issuer: z
    .string()
    .max(100)
    .optional()
    .transform((value) => value?.trim() || undefined),
  category: optionalOf(CARD_CATEGORIES),
  maxFee: z.preprocess(
    (value) => (MAX_FEE_OPTIONS.map(String).includes(value as string) ? Number(value) : undefined),
    z.number().int().optional(),
  ),
  bonus: optionalOf(BONUS_TYPES),
  sort: z.preprocess(
    (value) => (CATALOGUE_SORTS.includes(value as CatalogueSort) ? value : "referrals"),
    z.enum(CATALOGUE_SORTS),
  ),
  after: z.string().max(1024).optional(),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuerySchema>;

/** The units whose offers pay in `kind`: derived from offerKind, the one rule of the bonus type. */
export function unitsOfKind(kind: BonusType): BonusUnit[] {
  return BONUS_UNITS.filter((unit) => offerKind({ amount: 1, unit }) === kind);
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);

/** The page's statement: listed cards, filtered, in the order's index from the cursor on. */
export function catalogueStatement(query: CatalogueQuery, limit = CATALOGUE_PAGE_SIZE) {
  const order = ORDERS[query.sort];
  const where = [LISTED_CARD];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    where.push(
      sql`(lower(${creditCards.name}) LIKE ${like} ESCAPE '\\' OR lower(${creditCards.issuer}) LIKE ${like} ESCAPE '\\')`,
    );
  }
  if (query.issuer) where.push(sql`${creditCards.issuer} = ${query.issuer}`);
  if (query.category) where.push(sql`${creditCards.category} = ${query.category}`);
  if (query.maxFee !== undefined) where.push(sql`${creditCards.annualFee} <= ${query.maxFee}`);
  if (query.bonus) {
    where.push(
      sql`${creditCards.offerAmount} > 0 AND ${creditCards.offerUnit} IN (SELECT value FROM json_each(${JSON.stringify(unitsOfKind(query.bonus))}))`,
    );
  }
  const direction = order.direction === "desc" ? sql`desc` : sql`asc`;
  const key = decodeCursor(query.after, ["number", "string"] as const);
  if (key) {
    const after = order.direction === "desc" ? sql`<` : sql`>`;
    where.push(sql`(${order.column}, ${creditCards.id}) ${after} (${key[0]}, ${key[1]})`);
  }
  return sql`SELECT ${MARKET_CARD_COLUMNS}, ${order.column} AS sort_value
    FROM ${creditCards}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order.column} ${direction}, ${creditCards.id} ${direction}
    LIMIT ${limit + 1}`;
}

/** One page of the catalogue as a Read (batched with the issuer filter's read), with the rows it read. */
export function catalogueRead(ctx: Pick<Ctx, "db">, query: CatalogueQuery, limit = CATALOGUE_PAGE_SIZE) {
  return {
    statement: statement(ctx.db, catalogueStatement(query, limit)),
    decode: (result) => {
      const rows = result.results as unknown as CatalogueRow[];
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        cards: items.map(presentMarketCard),
        nextCursor: rows.length > limit && last ? encodeCursor([last.sort_value, last.id]) : null,
        rowsRead: result.meta.rows_read ?? 0,
      };
    },
  } satisfies Read<{ cards: MarketCard[]; nextCursor: string | null; rowsRead: number }>;
}
