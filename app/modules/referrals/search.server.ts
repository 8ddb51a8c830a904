/**
 * The /apply search (and GET /api/referrals/card-refer/active): text search through the FTS5
 * index, the spec's filters and sorts, keyset pages, and the fair rotation as the default order.
 *
 * Every order has a partial index over listed referrals that also holds the filter columns, so a
 * page reads index entries only until it has enough matches, then the page's rows and their card
 * and referrer by primary key. Text search starts from the FTS index when it matches few
 * referrals (sorting those is cheap) and otherwise walks the order's index, testing each rowid
 * against the matches. docs/decisions/020-referrals-fair-rotation-and-search.md has the numbers.
 */
import { z } from "zod";
import { LISTED_CONDITION } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { decodeCursor, encodeCursor } from "~/utils/keyset.server";
import { MAX_FEE_OPTIONS, MIN_CREDIT_OPTIONS, MIN_SHARING_OPTIONS, parseSort, SORT_OPTIONS } from "./display";
import { presentReferral } from "./present";
import { loadRecords } from "./referrals.server";
import { parseSlot, ROTATION_SLOTS } from "./rotation.server";

export const SEARCH_PAGE_SIZE = 12;
/** Up to this many text matches, the search starts from the FTS index and sorts them. */
export const FTS_DRIVEN_LIMIT = 200;
/**
 * A page looks at no more than this many index entries. When filters are so selective that the
 * window holds fewer matches than a page, the page is short and its cursor resumes after the
 * window: a page never reads more than about 2,000 rows, however large the table.
 */
export const SCAN_BUDGET = 500;

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
    sort: z.string().optional(),
    slot: z.string().optional().describe("The rotation slot (0-3) to page through"),
    r: z.string().optional().describe("Same as slot"),
    cursor: z.string().optional().describe("nextCursor of the previous page"),
    after: z.string().optional().describe("Same as cursor"),
    limit: z.string().optional().describe("Page size, 1 to 50 (default 12)"),
  })
  .transform(({ q, sort, slot, r, cursor, after, limit, ...filters }) => {
    const pageCursor = after ?? cursor;
    return {
      ...filters,
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
  if (!parsed) return { index: `referrals_rotation${slot}_idx`, key: `rotation_${slot}`, direction: "ASC" };
  const keys = {
    sharing: ["referrals_sharing_idx", "sharing_benefit_portion"],
    credit: ["referrals_credit_idx", "coalesce(referrer_credit, 0)"],
    bonus: ["referrals_bonus_idx", "bonus_amount"],
    fee: ["referrals_fee_idx", "card_annual_fee"],
  } as const;
  const [index, key] = keys[parsed.field];
  return { index, key, direction: parsed.direction === "asc" ? "ASC" : "DESC" };
}

/** A keyset cursor (~/utils/keyset): the last row's sort key and id. */
function decodeSearchCursor(cursor: string | null): { key: number; id: string } | null {
  const parts = decodeCursor(cursor, ["number", "string"] as const);
  return parts ? { key: parts[0], id: parts[1] } : null;
}

/**
 * The listed referrals in the order's index from the cursor on, at most SCAN_BUDGET of them: the
 * window a page is picked from. Reads index entries only (the index holds the filter columns).
 */
function windowStatement(order: Order, cursor: { key: number; id: string } | null) {
  const where = [LISTED_CONDITION];
  const binds: unknown[] = [];
  if (cursor) {
    where.push(`(${order.key}, id) ${order.direction === "ASC" ? ">" : "<"} (?, ?)`);
    binds.push(cursor.key, cursor.id);
  }
  const statement = `SELECT id, rowid AS rid, ${order.key} AS k, referrer_credit, sharing_benefit_portion, card_annual_fee
    FROM referrals INDEXED BY ${order.index}
    WHERE ${where.join(" AND ")}
    ORDER BY ${order.key} ${order.direction}, id ${order.direction} LIMIT ${SCAN_BUDGET}`;
  return { statement, binds };
}

function filterConditions(query: SearchQuery) {
  const where: string[] = [];
  const binds: unknown[] = [];
  if (query.minCredit !== undefined) {
    where.push("referrer_credit >= ?");
    binds.push(query.minCredit);
  }
  if (query.minSharing !== undefined) {
    where.push("sharing_benefit_portion >= ?");
    binds.push(query.minSharing);
  }
  if (query.maxFee !== undefined) {
    where.push("card_annual_fee <= ?");
    binds.push(query.maxFee);
  }
  return { where, binds };
}

/** The page query: ids and sort keys of the next page (+1 row to know whether more follow). */
export function buildPageStatement(query: SearchQuery, order: Order, match: string | null, plan: SearchResult["plan"]) {
  const cursor = decodeSearchCursor(query.cursor);
  const filters = filterConditions(query);
  const direction = order.direction;
  if (match && plan === "fts") {
    const where = [LISTED_CONDITION, ...filters.where];
    const binds: unknown[] = [match, ...filters.binds];
    if (cursor) {
      where.push(`(${order.key}, id) ${direction === "ASC" ? ">" : "<"} (?, ?)`);
      binds.push(cursor.key, cursor.id);
    }
    const statement = `SELECT id, ${order.key} AS k FROM referrals_fts CROSS JOIN referrals ON referrals.rowid = referrals_fts.rowid
      WHERE referrals_fts MATCH ? AND ${where.join(" AND ")}
      ORDER BY k ${direction}, id ${direction} LIMIT ?`;
    return { statement, binds: [...binds, query.limit + 1] };
  }
  const window = windowStatement(order, cursor);
  const where = [...filters.where];
  const binds = [...window.binds, ...filters.binds];
  if (match) {
    where.push("EXISTS (SELECT 1 FROM referrals_fts f WHERE f.referrals_fts MATCH ? AND f.rowid = w.rid)");
    binds.push(match);
  }
  const statement = `SELECT id, k FROM (${window.statement}) AS w
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY k ${direction}, id ${direction} LIMIT ?`;
  return { statement, binds: [...binds, query.limit + 1] };
}

/** The last entry of a full window (null when the index ends inside it): where a short page resumes. */
function windowEndStatement(order: Order, cursor: { key: number; id: string } | null) {
  const window = windowStatement(order, cursor);
  // A bounded probe of SCAN_BUDGET entries, not pagination: pages themselves are keyset.
  return {
    statement: `SELECT id, k FROM (${window.statement}) AS w LIMIT 1 OFFSET ${SCAN_BUDGET - 1}`,
    binds: window.binds,
  };
}

export interface SearchResult {
  data: ReturnType<typeof presentReferral>[];
  nextCursor: string | null;
  slot: number;
  /** D1's meta.rows_read summed over the statements of this search. */
  rowsRead: number;
  /** How the text search ran, for tests and the bench: "index" or "fts". */
  plan: "index" | "fts";
}

/** One page of /apply's search as the viewer (`ctx.actor`, a visitor when null) sees it. */
export async function searchReferrals(ctx: Pick<Ctx, "db" | "actor">, query: SearchQuery): Promise<SearchResult> {
  const viewerId = ctx.actor?.id ?? null;
  const d1 = ctx.db.$client;
  const slot = query.slot ?? 0;
  const order = orderFor(query.sort, slot % ROTATION_SLOTS);
  const match = ftsQuery(query.q);
  let rowsRead = 0;

  let plan: SearchResult["plan"] = "index";
  if (match) {
    const counted = await d1
      .prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM referrals_fts WHERE referrals_fts MATCH ? LIMIT ?)`)
      .bind(match, FTS_DRIVEN_LIMIT + 1)
      .all<{ n: number }>();
    rowsRead += counted.meta.rows_read;
    if ((counted.results[0]?.n ?? 0) <= FTS_DRIVEN_LIMIT) plan = "fts";
  }

  const { statement, binds } = buildPageStatement(query, order, match, plan);
  const page = await d1
    .prepare(statement)
    .bind(...binds)
    .all<{ id: string; k: number }>();
  rowsRead += page.meta.rows_read;

  const rows = page.results.slice(0, query.limit);
  const last = rows[rows.length - 1];
  let nextCursor = page.results.length > query.limit && last ? encodeCursor([last.k, last.id]) : null;
  if (!nextCursor && plan === "index") {
    const end = windowEndStatement(order, decodeSearchCursor(query.cursor));
    const probe = await d1
      .prepare(end.statement)
      .bind(...end.binds)
      .all<{ id: string; k: number }>();
    rowsRead += probe.meta.rows_read;
    const edge = probe.results[0];
    if (edge) nextCursor = encodeCursor([edge.k, edge.id]);
  }
  const records = await loadRecords(
    ctx.db,
    rows.map((row) => row.id),
  );
  // The page's rows, cards and referrers: three primary-key reads a row (drizzle keeps meta to itself).
  rowsRead += records.length * 3;
  return {
    data: records.map((record) => presentReferral(record, viewerId)),
    nextCursor,
    slot,
    rowsRead,
    plan,
  };
}
