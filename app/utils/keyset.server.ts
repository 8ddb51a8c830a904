/**
 * Keyset pagination for every list (never OFFSET): a page ends with an opaque cursor made of the
 * sort key of its last row; the next page asks for rows strictly after that key, which an index
 * answers by seeking, however deep the page. Cursors are tamper-safe: a malformed one decodes to
 * null, and each caller then starts at the first page.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

export const PAGE_SIZE = 50;

/** The sort key of a row as an opaque URL-safe string. */
export function encodeCursor(values: readonly (string | number)[]): string {
  return btoa(JSON.stringify(values)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The sort key a cursor carries, or null when it is missing or malformed (a tampered cursor
 * restarts at the first page rather than failing). `shape` says the type of each part.
 */
export function decodeCursor<const T extends readonly ("string" | "number")[]>(
  cursor: string | null | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends "number" ? number : string } | null {
  if (!cursor || cursor.length > 1024) return null;
  try {
    const values: unknown = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
    if (!Array.isArray(values) || values.length !== shape.length) return null;
    const ok = values.every((value, index) =>
      shape[index] === "number" ? Number.isFinite(value) : typeof value === "string",
    );
    return ok ? (values as never) : null;
  } catch {
    return null;
  }
}

/**
 * Splits the `limit + 1` rows a query fetched into the page and the cursor of the next one
 * (null on the last page).
 */
export function toPage<Row>(rows: Row[], limit: number, keyOf: (row: Row) => readonly (string | number)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** A page size from a query string: 1 to `max`, else the default. */
export function pageLimit(value: string | null | undefined, max = 200, fallback = PAGE_SIZE): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

/** The key most lists page on, newest first: creation time, then id. */
export interface CreatedKey {
  createdAt: Date;
  id: string;
}

/** The (createdAt, id) cursor parts of a row, for toPage. */
export const createdKeyOf = (row: { createdAt: Date; id: string }) => [row.createdAt.getTime(), row.id] as const;

/** The (createdAt, id) key of a cursor made by createdKeyOf, or null when missing or malformed. */
export function decodeCreatedCursor(cursor: string | null | undefined): CreatedKey | null {
  const key = decodeCursor(cursor, ["number", "string"] as const);
  const createdAt = key ? new Date(key[0]) : null;
  // A finite time beyond what a Date holds (|t| > 8.64e15) is no cursor we wrote: the first page.
  return key && createdAt && !Number.isNaN(createdAt.getTime()) ? { createdAt, id: key[1] } : null;
}

/**
 * Rows strictly after `key` in newest-first (createdAt, id) order, as one row-value comparison so
 * an index ending in (created_at, id) seeks to it; no condition without a key.
 */
export function olderThan(
  createdAt: SQLiteColumn,
  id: SQLiteColumn,
  key: CreatedKey | typeof OLDER_THAN_PLACEHOLDERS | null | undefined,
) {
  if (!key) return undefined;
  const time = key.createdAt instanceof Date ? key.createdAt.getTime() : key.createdAt;
  return sql`(${createdAt}, ${id}) < (${time}, ${key.id})` as SQL;
}

/**
 * olderThan's key as placeholders, for a statement built once (preparedSelect); `olderThanValues`
 * fills them with a cursor's key.
 */
export const OLDER_THAN_PLACEHOLDERS = {
  createdAt: sql.placeholder("olderThanTime"),
  id: sql.placeholder("olderThanId"),
};
export const olderThanValues = (key: CreatedKey) => ({ olderThanTime: key.createdAt.getTime(), olderThanId: key.id });

/**
 * Each row's place among the rows of its `group`, newest (createdAt, id) first: a subquery
 * selecting it as `rank` and filtered on `rank <= n` keeps the n newest of every group, so one
 * busy group cannot crowd the others out of a page's lists.
 */
export function newestInGroup(group: SQLiteColumn, createdAt: SQLiteColumn, id: SQLiteColumn) {
  return sql<number>`row_number() over (partition by ${group} order by ${createdAt} desc, ${id} desc)`.as("rank");
}

/** `column` is one of a page's ids, passed as one JSON parameter (D1 binds at most 100 parameters). */
export function inIdList(column: SQLiteColumn, ids: readonly string[]) {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
