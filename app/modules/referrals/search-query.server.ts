/**
 * The URL/query parameters of the /apply search and GET /api/referrals/card-refer/active, parsed
 * leniently (docs/product.md#search): unknown or malformed values are ignored, never an error;
 * and what the search's SQL makes of them: the FTS query of the text, the index of the order.
 */
import { z } from "zod";
import { CARD_CATEGORIES, type CardCategory } from "../../../db/enums";
import { referrals } from "../../../db/schema";
import {
  BONUS_TYPES,
  MAX_FEE_OPTIONS,
  MIN_CREDIT_OPTIONS,
  MIN_SHARING_OPTIONS,
  parseSort,
  SORT_OPTIONS,
  type BonusType,
} from "./display";
import { parseSlot, ROTATION_KEYS } from "./rotation.server";

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

/** Prefix lengths the FTS index keeps (migration 0004): longer words are matched whole. */
const INDEXED_PREFIX = 10;

/**
 * The FTS5 query of a search text: each word quoted (no FTS syntax gets through), all required,
 * matched as a prefix when the index holds prefixes that long, otherwise as a whole word.
 */
export function ftsQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  const terms = words.map((word) => ([...word].length <= INDEXED_PREFIX ? `"${word}"*` : `"${word}"`));
  return terms.length ? terms.join(" ") : null;
}

export interface Order {
  index: string;
  key: string;
  direction: "ASC" | "DESC";
}

export function orderFor(sort: string, slot: number): Order {
  const parsed = parseSort(sort);
  if (!parsed) return { index: `referrals_rotation${slot}_idx`, key: ROTATION_KEYS[slot]!.name, direction: "ASC" };
  // Each key by the schema's column (the text of the expression each index is on).
  const keys = {
    sharing: ["referrals_sharing_idx", referrals.sharingBenefitPortion.name],
    credit: ["referrals_credit_idx", `coalesce(${referrals.referrerCredit.name}, 0)`],
    // The estimated dollar value (docs/decisions/130), so 30,000 points no longer outrank $500.
    bonus: ["referrals_bonus_idx", referrals.bonusValue.name],
    fee: ["referrals_fee_idx", referrals.cardAnnualFee.name],
  } as const;
  const [index, key] = keys[parsed.field];
  return { index, key, direction: parsed.direction === "asc" ? "ASC" : "DESC" };
}
