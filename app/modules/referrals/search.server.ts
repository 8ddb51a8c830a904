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
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { creditCards, LISTED_CONDITION, referrals, users } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { decodeCursor, encodeCursor } from "~/utils/keyset.server";
import { MAX_FEE_OPTIONS, MIN_CREDIT_OPTIONS, MIN_SHARING_OPTIONS, parseSort, SORT_OPTIONS } from "./display";
import { presentReferral, type ReferralRecord } from "./present";
import { referralRecordColumns } from "./referrals.server";
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
    card: z.string().optional().describe("Only this card's referrals (its id)"),
  })
  .transform(({ q, sort, slot, r, cursor, after, limit, card, ...filters }) => {
    const pageCursor = after ?? cursor;
    return {
      ...filters,
      card: card && card.length <= 64 ? card : undefined,
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

/**
 * The last entry of a full window (none when the index ends inside it): where a short page
 * resumes. Ends in `LIMIT ?` (bind 1, or 0 to skip the probe; see `onlyIf`).
 */
function windowEndStatement(order: Order, cursor: { key: number; id: string } | null) {
  const window = windowStatement(order, cursor);
  // A bounded probe of SCAN_BUDGET entries, not pagination: pages themselves are keyset.
  return {
    statement: `SELECT id, k FROM (SELECT id, k FROM (${window.statement}) AS w LIMIT 1 OFFSET ${SCAN_BUDGET - 1}) LIMIT ?`,
    binds: [...window.binds, 1],
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

/** Whether a text matches few enough referrals for the FTS-driven plan (one `?`: the match). */
const FEW_MATCHES = `((SELECT count(*) FROM (SELECT rowid FROM referrals_fts WHERE referrals_fts MATCH ? LIMIT ${FTS_DRIVEN_LIMIT + 1})) <= ${FTS_DRIVEN_LIMIT})`;

/**
 * A statement ending in `LIMIT ?` (its last bind) that returns nothing unless `condition` holds.
 * SQLite computes LIMIT once, before it reads anything, and stops at once on LIMIT 0: a guard in
 * WHERE would be tested row by row after the subquery was read.
 */
function onlyIf(page: { statement: string; binds: unknown[] }, condition: string, conditionBinds: unknown[]) {
  if (!page.statement.trimEnd().endsWith("LIMIT ?")) throw new Error("the page statement must end in LIMIT ?");
  return {
    statement: `${page.statement.trimEnd().slice(0, -"?".length)}(CASE WHEN ${condition} THEN ? ELSE 0 END)`,
    binds: [...page.binds.slice(0, -1), ...conditionBinds, page.binds[page.binds.length - 1]],
  };
}

/**
 * The page with the text search's plan chosen inside the statement: the FTS-driven plan when the
 * text matches at most FTS_DRIVEN_LIMIT referrals, else the index walk, so the choice costs no
 * round trip of its own.
 */
export function searchPageStatement(
  query: SearchQuery,
  order: Order,
  match: string | null,
  few: Guard = { condition: FEW_MATCHES, binds: match ? [match] : [] },
) {
  if (query.card) return cardPageStatement(query, order, match);
  const walk = buildPageStatement(query, order, match, "index");
  if (!match) return walk;
  const fts = onlyIf(buildPageStatement(query, order, match, "fts"), few.condition, few.binds);
  const index = onlyIf(walk, `NOT ${few.condition}`, few.binds);
  return {
    statement: `SELECT id, k FROM (${fts.statement}) UNION ALL SELECT id, k FROM (${index.statement})`,
    binds: [...fts.binds, ...index.binds],
  };
}

/**
 * A card's referrals (the card page, docs/product.md#card-pages): a card has few, so they are read
 * from referrals_card_idx and sorted, in the order's keys, like the FTS-driven plan.
 */
function cardPageStatement(query: SearchQuery, order: Order, match: string | null) {
  const cursor = decodeSearchCursor(query.cursor);
  const filters = filterConditions(query);
  const where = [`credit_card_id = ?`, LISTED_CONDITION, ...filters.where];
  const binds: unknown[] = [query.card, ...filters.binds];
  if (match) {
    where.push("EXISTS (SELECT 1 FROM referrals_fts f WHERE f.referrals_fts MATCH ? AND f.rowid = referrals.rowid)");
    binds.push(match);
  }
  if (cursor) {
    where.push(`(${order.key}, id) ${order.direction === "ASC" ? ">" : "<"} (?, ?)`);
    binds.push(cursor.key, cursor.id);
  }
  const statement = `SELECT id, ${order.key} AS k FROM referrals INDEXED BY referrals_card_idx
    WHERE ${where.join(" AND ")}
    ORDER BY k ${order.direction}, id ${order.direction} LIMIT ?`;
  return { statement, binds: [...binds, query.limit + 1] };
}

/** A condition and the values of its `?`s. */
interface Guard {
  condition: string;
  binds: unknown[];
}

/** What a row of `pageWithEdgeStatement` is. */
const PAGE_ROW = 0;
const EDGE_ROW = 1;
/** The plan row of a text search: PLAN_ROW + 1 when the FTS-driven plan ran. */
const PLAN_ROW = 2;

/**
 * The page (materialised once) and, in the same statement, where a short page of the index walk
 * resumes: the window's last entry, read only when the walk is the plan and found no more than a
 * page. A text search adds a row saying which plan ran. Two CTEs: `p` (the page) and `found`
 * (its rows with the edge and plan rows, each with its `kind`).
 */
function pageWithEdgeCtes(query: SearchQuery, order: Order, match: string | null) {
  // A text search counts its matches once, in a CTE of its own, and every guard reads that.
  const few: Guard = { condition: "(SELECT yes FROM few)", binds: [] };
  const page = searchPageStatement(query, order, match, few);
  const end = windowEndStatement(order, decodeSearchCursor(query.cursor));
  // A card's page reads all its referrals (no window), so it never resumes after one.
  const short = query.card ? "0" : `(SELECT count(*) FROM p) <= ${query.limit}`;
  const edge = onlyIf(end, match ? `NOT ${few.condition} AND ${short}` : short, []);
  return {
    statement: `${match ? `few AS MATERIALIZED (SELECT ${FEW_MATCHES} AS yes),` : ""}
      p AS MATERIALIZED (${page.statement}),
      found AS (SELECT id, k, ${PAGE_ROW} AS kind FROM p
        UNION ALL SELECT id, k, ${EDGE_ROW} AS kind FROM (${edge.statement})
        ${match ? `UNION ALL SELECT NULL, NULL, ${PLAN_ROW} + ${few.condition}` : ""})`,
    binds: [...(match ? [match] : []), ...page.binds, ...edge.binds],
  };
}

const dialect = new SQLiteAsyncDialect();

/** The record columns of a referral, each named by its key (raw rows keep every column apart). */
const RECORD_SELECTION = sql.join(
  Object.entries(referralRecordColumns).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
  sql`, `,
);

/** A raw row's record columns decoded as drizzle decodes them (dates, booleans). */
function decodeRecord(row: Record<string, unknown>): ReferralRecord {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(referralRecordColumns)) {
    const value = row[key];
    record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return record as unknown as ReferralRecord;
}

/** A statement with `?` placeholders and its values as drizzle SQL, to embed as a subquery. */
function embedded(statement: string, binds: unknown[]): SQL {
  const parts = statement.split("?");
  return sql.join(
    parts.map((part, i) => (i < binds.length ? sql`${sql.raw(part)}${binds[i]}` : sql.raw(part))),
    sql``,
  );
}

/**
 * One page of /apply's search as the viewer (`ctx.actor`, a visitor when null) sees it, in one
 * statement (one round trip, issue 20): the page's ids and keys, the resume probe, the plan and
 * the page's full records with their card and referrer.
 */
export async function searchReferrals(ctx: Pick<Ctx, "db" | "actor">, query: SearchQuery): Promise<SearchResult> {
  const viewerId = ctx.actor?.id ?? null;
  const slot = query.slot ?? 0;
  const order = orderFor(query.sort, slot % ROTATION_SLOTS);
  const match = ftsQuery(query.q);
  const ctes = pageWithEdgeCtes(query, order, match);
  const statement = dialect.sqlToQuery(
    sql`WITH ${embedded(ctes.statement, ctes.binds)}
      SELECT found.kind AS "__kind", found.id AS "__id", found.k AS "__k", ${RECORD_SELECTION}
      FROM found
      LEFT JOIN ${referrals} ON ${referrals.id} = found.id AND found.kind = ${PAGE_ROW}
      LEFT JOIN ${creditCards} ON ${creditCards.id} = ${referrals.creditCardId}
      LEFT JOIN ${users} ON ${users.id} = ${referrals.referrerId}`,
  );
  const found = await ctx.db.$client
    .prepare(statement.sql)
    .bind(...statement.params)
    .all<{ __kind: number; __id: string | null; __k: number | null } & Record<string, unknown>>();

  const pageRows = found.results
    .filter((row) => row.__kind === PAGE_ROW)
    .sort((a, b) => compareKeys(a.__k!, a.__id!, b.__k!, b.__id!, order.direction));
  const rows = pageRows.slice(0, query.limit);
  const last = rows[rows.length - 1];
  const plan: SearchResult["plan"] = found.results.some((row) => row.__kind === PLAN_ROW + 1) ? "fts" : "index";
  let nextCursor = pageRows.length > query.limit && last ? encodeCursor([last.__k!, last.__id!]) : null;
  const resume = found.results.find((row) => row.__kind === EDGE_ROW);
  if (!nextCursor && resume) nextCursor = encodeCursor([resume.__k!, resume.__id!]);
  // Rows a listed referral lost between the page and the join (none in one statement) are skipped.
  const ordered = rows.filter((row) => row.id != null).map(decodeRecord);
  return {
    data: ordered.map((record) => presentReferral(record, viewerId)),
    nextCursor,
    slot,
    rowsRead: found.meta.rows_read,
    plan,
  };
}

/** The page's order: by key, then id, in the order's direction. */
function compareKeys(aKey: number, aId: string, bKey: number, bId: string, direction: Order["direction"]) {
  const sign = direction === "ASC" ? 1 : -1;
  if (aKey !== bKey) return (aKey < bKey ? -1 : 1) * sign;
  return (aId < bId ? -1 : aId > bId ? 1 : 0) * sign;
}
