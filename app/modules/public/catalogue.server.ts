/**
 * The catalogue people browse (/cards, docs/product.md#catalogue, ADR 200): listed cards with
 * their welcome offer, live referral count and best share, searched by card or issuer, filtered by
 * issuer, category, annual fee and bonus type, sorted by most referrals, best share, highest welcome
 * offer or lowest fee, and paged by keyset. Every figure comes from credit_cards' market columns
 * (kept by migration 0021's triggers), so a page reads cards only, never the referrals, and each
 * order rides on its own index.
 */
import { z } from "zod";
import { BONUS_UNITS, CARD_CATEGORIES, type BonusUnit } from "../../../db/enums";
import type { Ctx } from "~/core/context.server";
import type { Read } from "~/core/d1-reads.server";
import { offerKind } from "~/modules/cards/value";
import { BONUS_TYPES, MAX_FEE_OPTIONS, type BonusType } from "~/modules/referrals/display";
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
const ORDERS: Record<CatalogueSort, { column: string; direction: "asc" | "desc" }> = {
  referrals: { column: "live_referrals", direction: "desc" },
  share: { column: "best_share_value", direction: "desc" },
  offer: { column: "offer_value", direction: "desc" },
  fee: { column: "annual_fee", direction: "asc" },
};

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
  // Literal listing condition: the order's index starts with (active, is_user_added).
  const where = ["active = 1", "is_user_added = 0"];
  const binds: (string | number)[] = [];
  if (query.q) {
    where.push(`(lower(name) LIKE ? ESCAPE '\\' OR lower(issuer) LIKE ? ESCAPE '\\')`);
    binds.push(`%${escapeLike(query.q)}%`, `%${escapeLike(query.q)}%`);
  }
  if (query.issuer) {
    where.push("issuer = ?");
    binds.push(query.issuer);
  }
  if (query.category) {
    where.push("category = ?");
    binds.push(query.category);
  }
  if (query.maxFee !== undefined) {
    where.push("annual_fee <= ?");
    binds.push(query.maxFee);
  }
  if (query.bonus) {
    where.push("offer_amount > 0 AND offer_unit IN (SELECT value FROM json_each(?))");
    binds.push(JSON.stringify(unitsOfKind(query.bonus)));
  }
  const key = decodeCursor(query.after, ["number", "string"] as const);
  if (key) {
    where.push(`(${order.column}, id) ${order.direction === "desc" ? "<" : ">"} (?, ?)`);
    binds.push(key[0], key[1]);
  }
  const statement = `SELECT id, slug, name, issuer, category, annual_fee, image_url, apply_benefit_with_referral,
      offer_amount, offer_unit, offer_min_spend, offer_months, offer_value, live_referrals, best_share_value,
      ${order.column} AS sort_value
    FROM credit_cards
    WHERE ${where.join(" AND ")}
    ORDER BY ${order.column} ${order.direction}, id ${order.direction}
    LIMIT ${limit + 1}`;
  return { statement, binds };
}

/** One page of the catalogue as a Read (batched with the issuer filter's read), with the rows it read. */
export function catalogueRead(ctx: Pick<Ctx, "db">, query: CatalogueQuery, limit = CATALOGUE_PAGE_SIZE) {
  const { statement, binds } = catalogueStatement(query, limit);
  return {
    statement: ctx.db.$client.prepare(statement).bind(...binds),
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
