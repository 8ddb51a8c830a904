/**
 * Raw SQL over referral records, for statements drizzle's builder cannot express (the search's
 * CTEs): the record's columns named by key, decoded as drizzle decodes them.
 */
import { sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { ReferralRecord } from "./present";
import { referralRecordColumns } from "./referrals.server";

export const dialect = new SQLiteAsyncDialect();

const RECORD_COLUMNS = Object.entries(referralRecordColumns);

/** The record columns of a referral, each named by its key (raw rows keep every column apart). */
export const RECORD_SELECTION = sql.join(
  RECORD_COLUMNS.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
  sql`, `,
);

/** A raw row's record columns decoded as drizzle decodes them (dates, booleans). */
export function decodeRecord(row: Record<string, unknown>): ReferralRecord {
  const record: Record<string, unknown> = {};
  for (const [key, column] of RECORD_COLUMNS) {
    const value = row[key];
    record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return record as unknown as ReferralRecord;
}
