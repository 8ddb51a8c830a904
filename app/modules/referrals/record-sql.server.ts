/**
 * Raw SQL over referral records, for statements drizzle's builder cannot express (the search's
 * CTEs): the record's columns named by key, decoded as drizzle decodes them.
 */
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { ReferralRecord } from "./present";
import { referralRecordColumns } from "./referrals.server";

export const dialect = new SQLiteAsyncDialect();

/** The record columns of a referral, each named by its key (raw rows keep every column apart). */
export const RECORD_SELECTION = sql.join(
  Object.entries(referralRecordColumns).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
  sql`, `,
);

/** A raw row's record columns decoded as drizzle decodes them (dates, booleans). */
export function decodeRecord(row: Record<string, unknown>): ReferralRecord {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(referralRecordColumns)) {
    const value = row[key];
    record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return record as unknown as ReferralRecord;
}

/** A statement with `?` placeholders and its values as drizzle SQL, to embed as a subquery. */
export function embedded(statement: string, binds: unknown[]): SQL {
  const parts = statement.split("?");
  return sql.join(
    parts.map((part, i) => (i < binds.length ? sql`${sql.raw(part)}${binds[i]}` : sql.raw(part))),
    sql``,
  );
}
