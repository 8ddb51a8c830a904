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
import { getTableName, sql, type SQL } from "drizzle-orm";
import { creditCards, LISTED_CONDITION, referrals, users } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { runRead, type Read } from "~/core/d1-reads.server";
import { statement } from "~/utils/d1-statement.server";
import { decodeCursor, encodeCursor } from "~/utils/keyset.server";
import type { PresentedReferral } from "./present";
import { dialect, REFERRAL_VIEW, type RecordView } from "./record-sql.server";
import { ROTATION_SLOTS } from "./rotation.server";
import { ftsQuery, orderFor, type Order, type SearchQuery } from "./search-query.server";

/** The columns the search's text names, by the schema's names: a renamed column fails to compile (ADR 096). */
const R = {
  table: getTableName(referrals),
  id: referrals.id.name,
  referrerCredit: referrals.referrerCredit.name,
  sharingBenefitPortion: referrals.sharingBenefitPortion.name,
  cardAnnualFee: referrals.cardAnnualFee.name,
  cardIssuer: referrals.cardIssuer.name,
  cardCategory: referrals.cardCategory.name,
  offerKind: referrals.offerKind.name,
  creditCardId: referrals.creditCardId.name,
};

// The search's parameters live beside it; importers of the search read them from here too.
export {
  ftsQuery,
  orderFor,
  parseSearchParams,
  SEARCH_PAGE_SIZE,
  SearchQuerySchema,
  type Order,
  type SearchQuery,
} from "./search-query.server";
/** Up to this many text matches, the search starts from the FTS index and sorts them. */
export const FTS_DRIVEN_LIMIT = 200;
/**
 * A page looks at no more than this many index entries. When filters are so selective that the
 * window holds fewer matches than a page, the page is short and its cursor resumes after the
 * window: a page never reads more than about 2,000 rows, however large the table.
 */
export const SCAN_BUDGET = 500;

/** Index entries the first page's count reads; past them it is a floor ('100+'). ADR 130. */
export const COUNT_BUDGET = 100;

/** A keyset cursor (~/utils/keyset): the last row's sort key and id. */
function decodeSearchCursor(cursor: string | null): { key: number; id: string } | null {
  const parts = decodeCursor(cursor, ["number", "string"] as const);
  return parts ? { key: parts[0], id: parts[1] } : null;
}

/**
 * The listed referrals in the order's index from the cursor on, at most SCAN_BUDGET of them: the
 * window a page is picked from. Reads index entries only (the index holds the filter columns).
 */
function windowStatement(order: Order, cursor: { key: number; id: string } | null, limit = SCAN_BUDGET) {
  const where = [LISTED_CONDITION];
  const binds: unknown[] = [];
  if (cursor) {
    where.push(`(${order.key}, ${R.id}) ${order.direction === "ASC" ? ">" : "<"} (?, ?)`);
    binds.push(cursor.key, cursor.id);
  }
  const statement = `SELECT ${R.id}, rowid AS rid, ${order.key} AS k, ${R.referrerCredit}, ${R.sharingBenefitPortion},
      ${R.cardAnnualFee}, ${R.cardIssuer}, ${R.cardCategory}, ${R.offerKind}
    FROM ${R.table} INDEXED BY ${order.index}
    WHERE ${where.join(" AND ")}
    ORDER BY ${order.key} ${order.direction}, ${R.id} ${order.direction} LIMIT ${limit}`;
  return { statement, binds };
}

function filterConditions(query: SearchQuery) {
  const where: string[] = [];
  const binds: unknown[] = [];
  if (query.minCredit !== undefined) {
    where.push(`${R.referrerCredit} >= ?`);
    binds.push(query.minCredit);
  }
  if (query.minSharing !== undefined) {
    where.push(`${R.sharingBenefitPortion} >= ?`);
    binds.push(query.minSharing);
  }
  if (query.maxFee !== undefined) {
    where.push(`${R.cardAnnualFee} <= ?`);
    binds.push(query.maxFee);
  }
  if (query.issuer !== undefined) {
    where.push(`${R.cardIssuer} = ?`);
    binds.push(query.issuer);
  }
  if (query.category !== undefined) {
    where.push(`${R.cardCategory} = ?`);
    binds.push(query.category);
  }
  if (query.bonusType !== undefined) {
    where.push(`${R.offerKind} = ?`);
    binds.push(query.bonusType);
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
      where.push(`(${order.key}, ${R.id}) ${direction === "ASC" ? ">" : "<"} (?, ?)`);
      binds.push(cursor.key, cursor.id);
    }
    const statement = `SELECT ${R.id}, ${order.key} AS k FROM referrals_fts CROSS JOIN ${R.table} ON ${R.table}.rowid = referrals_fts.rowid
      WHERE referrals_fts MATCH ? AND ${where.join(" AND ")}
      ORDER BY k ${direction}, ${R.id} ${direction} LIMIT ?`;
    return { statement, binds: [...binds, query.limit + 1] };
  }
  const window = windowStatement(order, cursor);
  const where = [...filters.where];
  const binds = [...window.binds, ...filters.binds];
  if (match) {
    where.push("EXISTS (SELECT 1 FROM referrals_fts f WHERE f.referrals_fts MATCH ? AND f.rowid = w.rid)");
    binds.push(match);
  }
  const statement = `SELECT ${R.id}, k FROM (${window.statement}) AS w
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY k ${direction}, ${R.id} ${direction} LIMIT ?`;
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
    statement: `SELECT ${R.id}, k FROM (SELECT ${R.id}, k FROM (${window.statement}) AS w LIMIT 1 OFFSET ${SCAN_BUDGET - 1}) LIMIT ?`,
    binds: [...window.binds, 1],
  };
}

export interface SearchResult<T = PresentedReferral> {
  data: T[];
  nextCursor: string | null;
  slot: number;
  /** D1's meta.rows_read summed over the statements of this search. */
  rowsRead: number;
  /** How the text search ran, for tests and the bench: "index" or "fts". */
  plan: "index" | "fts";
  /** The first page's result count (null on later pages); `exact` false means "at least". */
  total: { count: number; exact: boolean } | null;
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
  const where = [`${R.creditCardId} = ?`, LISTED_CONDITION, ...filters.where];
  const binds: unknown[] = [query.card, ...filters.binds];
  if (match) {
    where.push(`EXISTS (SELECT 1 FROM referrals_fts f WHERE f.referrals_fts MATCH ? AND f.rowid = ${R.table}.rowid)`);
    binds.push(match);
  }
  if (cursor) {
    where.push(`(${order.key}, ${R.id}) ${order.direction === "ASC" ? ">" : "<"} (?, ?)`);
    binds.push(cursor.key, cursor.id);
  }
  const statement = `SELECT ${R.id}, ${order.key} AS k FROM ${R.table} INDEXED BY referrals_card_idx
    WHERE ${where.join(" AND ")}
    ORDER BY k ${order.direction}, ${R.id} ${order.direction} LIMIT ?`;
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
/** The first page's result count (in `k`) and, in the next kind, whether it is exact (1) or a floor (0). */
const COUNT_ROW = 4;
const EXACT_ROW = 5;

/**
 * The first page's result count, from the first COUNT_BUDGET index entries of the page's order
 * (index only): exact when they reach the end of the listings, else a floor ('100+'). A text search is counted when the FTS-driven plan runs (at most FTS_DRIVEN_LIMIT
 * matches, all counted, exact); a text with more matches has no count. Counting never reads more
 * than one more window, however large the table (docs/decisions/130).
 */
function countStatement(query: SearchQuery, order: Order, match: string | null, few: Guard) {
  const filters = filterConditions(query);
  const window = windowStatement(order, null, COUNT_BUDGET);
  const test = [...filters.where];
  const testBinds = [...filters.binds];
  const walk = {
    statement: `SELECT coalesce(sum(CASE WHEN ${test.length ? test.join(" AND ") : "1"} THEN 1 ELSE 0 END), 0) AS n,
      count(*) < ${COUNT_BUDGET} AS exact FROM (${window.statement}) AS w LIMIT ?`,
    binds: [...testBinds, ...window.binds, 1],
  };
  if (!match) return walk;
  // A text with many matches walks the order's index testing each entry against them; testing the
  // window a second time to count would double the page's reads, so that search has no count.
  const fts = {
    statement: `SELECT count(*) AS n, 1 AS exact FROM referrals_fts CROSS JOIN ${R.table} ON ${R.table}.rowid = referrals_fts.rowid
      WHERE referrals_fts MATCH ? AND ${[LISTED_CONDITION, ...filters.where].join(" AND ")} LIMIT ?`,
    binds: [match, ...filters.binds, 1],
  };
  // Only the plan that runs is read: the other side stops at LIMIT 0 before reading (see onlyIf).
  return onlyIf(fts, few.condition, few.binds);
}

function pageWithEdgeCtes(query: SearchQuery, order: Order, match: string | null) {
  // A text search counts its matches once, in a CTE of its own, and every guard reads that.
  const few: Guard = { condition: "(SELECT yes FROM few)", binds: [] };
  const page = searchPageStatement(query, order, match, few);
  const end = windowEndStatement(order, decodeSearchCursor(query.cursor));
  // A card's page reads all its referrals (no window), so it never resumes after one.
  const short = query.card ? "0" : `(SELECT count(*) FROM p) <= ${query.limit}`;
  const edge = onlyIf(end, match ? `NOT ${few.condition} AND ${short}` : short, []);
  // The count is the first page's (later pages keep the one they were shown with).
  const count = query.cursor === null ? countStatement(query, order, match, few) : null;
  return {
    statement: `${match ? `few AS MATERIALIZED (SELECT ${FEW_MATCHES} AS yes),` : ""}
      p AS MATERIALIZED (${page.statement}),
      ${count ? `total AS MATERIALIZED (${count.statement}),` : ""}
      found AS (SELECT id, k, ${PAGE_ROW} AS kind FROM p
        UNION ALL SELECT id, k, ${EDGE_ROW} AS kind FROM (${edge.statement})
        ${match ? `UNION ALL SELECT NULL, NULL, ${PLAN_ROW} + ${few.condition}` : ""}
        ${count ? `UNION ALL SELECT NULL, n, ${COUNT_ROW} FROM total UNION ALL SELECT NULL, exact, ${EXACT_ROW} FROM total` : ""})`,
    binds: [...(match ? [match] : []), ...page.binds, ...(count ? count.binds : []), ...edge.binds],
  };
}

/**
 * One page of /apply's search as the viewer (`ctx.actor`, a visitor when null) sees it, in one
 * statement (one round trip, issue 20): the page's ids and keys, the resume probe, the plan and
 * the page's full records with their card and referrer.
 */
export async function searchReferrals(ctx: Pick<Ctx, "db" | "actor">, query: SearchQuery): Promise<SearchResult> {
  return (await runRead(searchRead(ctx, query))).result;
}

/** The search, with `extra` columns (see searchRead). */
export async function runSearch(ctx: Pick<Ctx, "db" | "actor">, query: SearchQuery, extra: SQL | null) {
  return runRead(searchRead(ctx, query, extra));
}

type FoundRow = { __kind: number; __id: string | null; __k: number | null } & Record<string, unknown>;

/**
 * The search as one statement to run alone or batched with a page's other reads (runReads), with
 * `extra` columns (SQL over the page's referral, card and referrer, each named `"__..."`) read
 * in the same statement: the raw rows come back beside the result, in its order. `view` is which
 * of the record's columns are read and how each row is presented: the whole referral, or only
 * what /apply's tiles show (record-sql.server.ts).
 */
export function searchRead<T = PresentedReferral>(
  ctx: Pick<Ctx, "db" | "actor">,
  query: SearchQuery,
  extra: SQL | null = null,
  view: RecordView<T> = REFERRAL_VIEW as RecordView<T>,
) {
  const viewerId = ctx.actor?.id ?? null;
  const slot = query.slot ?? 0;
  const order = orderFor(query.sort, slot % ROTATION_SLOTS);
  const match = ftsQuery(query.q);
  const ctes = pageWithEdgeCtes(query, order, match);
  const records = extra ? recordsQuery(view, extra) : plainRecords(view);
  const read: Read<{ result: SearchResult<T>; rows: FoundRow[] }> = {
    statement: statement(ctx.db, {
      sql: `WITH ${ctes.statement}\n${records.sql}`,
      params: [...ctes.binds, ...records.params],
    }),
    decode: (found) => decodeSearch(found as D1Result<FoundRow>, query, order, slot, viewerId, view),
  };
  return read;
}

/**
 * The part of the search after its CTEs: the page's records with their card and referrer. Without
 * `extra` it depends on the view alone, so /apply builds its SQL once per isolate, not per request (drizzle's
 * query building was ~6% of /apply's CPU in the issue 20 profile).
 */
function recordsQuery(view: RecordView<unknown>, extra: SQL | null) {
  return dialect.sqlToQuery(
    sql`SELECT found.kind AS "__kind", found.id AS "__id", found.k AS "__k", ${view.selection} ${extra ? sql`, ${extra}` : sql``}
      FROM found
      LEFT JOIN ${referrals} ON ${referrals.id} = found.id AND found.kind = ${PAGE_ROW}
      LEFT JOIN ${creditCards} ON ${creditCards.id} = ${referrals.creditCardId}
      LEFT JOIN ${users} ON ${users.id} = ${referrals.referrerId}`,
  );
}
const plainQueries = new WeakMap<RecordView<unknown>, ReturnType<typeof recordsQuery>>();
function plainRecords(view: RecordView<unknown>) {
  let query = plainQueries.get(view);
  if (!query) plainQueries.set(view, (query = recordsQuery(view, null)));
  return query;
}

/** The statement's rows as the page, its cursor, plan and count, and the kept raw rows. */
function decodeSearch<T>(
  found: D1Result<FoundRow>,
  query: SearchQuery,
  order: Order,
  slot: number,
  viewerId: string | null,
  view: RecordView<T>,
) {
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
  const kept = rows.filter((row) => row.id != null);
  const count = found.results.find((row) => row.__kind === COUNT_ROW);
  const exact = found.results.find((row) => row.__kind === EXACT_ROW);
  const result: SearchResult<T> = {
    data: kept.map((row) => view.present(row, viewerId)),
    nextCursor,
    slot,
    rowsRead: found.meta.rows_read,
    plan,
    total: count ? { count: Number(count.__k ?? 0), exact: Boolean(exact?.__k) } : null,
  };
  return { result, rows: kept };
}

/** The page's order: by key, then id, in the order's direction. */
function compareKeys(aKey: number, aId: string, bKey: number, bId: string, direction: Order["direction"]) {
  const sign = direction === "ASC" ? 1 : -1;
  if (aKey !== bKey) return (aKey < bKey ? -1 : 1) * sign;
  return (aId < bId ? -1 : aId > bId ? 1 : 0) * sign;
}
