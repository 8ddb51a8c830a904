/**
 * The URL/query parameters of the /apply search and GET /api/referrals/card-refer/active, parsed
 * leniently (docs/product.md#search): unknown or malformed values are ignored, never an error.
 */
import { z } from "zod";
import { CARD_CATEGORIES, type CardCategory } from "../../../db/enums";
import {
  BONUS_TYPES,
  MAX_FEE_OPTIONS,
  MIN_CREDIT_OPTIONS,
  MIN_SHARING_OPTIONS,
  SORT_OPTIONS,
  type BonusType,
} from "./display";
import { parseSlot } from "./rotation.server";

export const SEARCH_PAGE_SIZE = 12;

const optionOf = <T extends readonly number[]>(options: T) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const number = value === undefined || value === "" ? NaN : Number(value);
      return (options as readonly number[]).includes(number) ? (number as T[number]) : undefined;
    });

/** Longer cursors are not ours (ours are ~40 characters): they start again at the first page. */
const MAX_CURSOR = 120;

/**
 * The URL/query parameters of a search (the /apply page and GET .../active); unknown or malformed
 * values are ignored, never an error. `r` and `after` are the page links' short names of `slot`
 * and `cursor`.
 */
export const SearchQuerySchema = z
  .object({
    q: z.string().optional().describe("Words to find in the card, issuer, category or info"),
    minCredit: optionOf(MIN_CREDIT_OPTIONS),
    minSharing: optionOf(MIN_SHARING_OPTIONS),
    maxFee: optionOf(MAX_FEE_OPTIONS),
    issuer: z.string().optional().describe("The card's issuer, exactly as listed"),
    category: z
      .string()
      .optional()
      .describe(`The card's category: ${CARD_CATEGORIES.join(", ")}`),
    bonusType: z.string().optional().describe("What the welcome offer pays in: points, miles or cash"),
    sort: z.string().optional(),
    slot: z.string().optional().describe("The rotation slot (0-3) to page through"),
    r: z.string().optional().describe("Same as slot"),
    cursor: z.string().optional().describe("nextCursor of the previous page"),
    after: z.string().optional().describe("Same as cursor"),
    limit: z.string().optional().describe("Page size, 1 to 50 (default 12)"),
    card: z.string().optional().describe("Only this card's referrals (its id)"),
  })
  .transform(({ q, sort, slot, r, cursor, after, limit, issuer, category, bonusType, card, ...filters }) => {
    const pageCursor = after ?? cursor;
    return {
      ...filters,
      card: card && card.length <= 64 ? card : undefined,
      issuer: issuer?.trim().slice(0, 80) || undefined,
      category: (CARD_CATEGORIES as readonly string[]).includes(category ?? "")
        ? (category as CardCategory)
        : undefined,
      bonusType: (BONUS_TYPES as readonly string[]).includes(bonusType ?? "") ? (bonusType as BonusType) : undefined,
      q: (q ?? "").trim().slice(0, 100),
      sort: SORT_OPTIONS.some((option) => option.value === sort) ? sort! : "default",
      slot: parseSlot(r ?? slot),
      cursor: pageCursor && pageCursor.length <= MAX_CURSOR ? pageCursor : null,
      limit: Math.min(Math.max(Number(limit) || SEARCH_PAGE_SIZE, 1), 50),
    };
  });
export type SearchQuery = z.output<typeof SearchQuerySchema>;

/** A search from URL parameters (the first value of each). */
export function parseSearchParams(params: URLSearchParams): SearchQuery {
  const first: Record<string, string> = {};
  for (const [key, value] of params) first[key] ??= value;
  return SearchQuerySchema.parse(first);
}
