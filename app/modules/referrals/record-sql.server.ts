/**
 * Raw SQL over referral records, for statements drizzle's builder cannot express (the search's
 * CTEs): the record's columns named by key, decoded as drizzle decodes them, and presented.
 */
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { presentReferral, presentTile, TILE_RECORD_KEYS, type ReferralRecord } from "./present";
import { referralRecordColumns } from "./referrals.server";

export const dialect = new SQLiteAsyncDialect();

type RecordKey = keyof typeof referralRecordColumns & keyof ReferralRecord;

/** Some of a record's columns, how a raw row of them is read, and how a viewer sees it. */
export interface RecordView<T> {
  /** The columns, each named by its key (raw rows keep every column apart). */
  selection: SQL;
  /** A raw row of `selection` as the viewer (null: a visitor) sees it. */
  present(row: Record<string, unknown>, viewerId: string | null): T;
}

function recordView<K extends RecordKey, T>(
  keys: readonly K[],
  present: (record: Pick<ReferralRecord, K>, viewerId: string | null) => T,
): RecordView<T> {
  const columns = keys.map((key) => [key, referralRecordColumns[key]] as const);
  return {
    selection: sql.join(
      columns.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
      sql`, `,
    ),
    present(row, viewerId) {
      // Decoded as drizzle decodes them (dates, booleans).
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = row[key];
        record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return present(record as Pick<ReferralRecord, K>, viewerId);
    },
  };
}

/** The whole referral, as pages and /api answers show it. */
export const REFERRAL_VIEW = recordView(Object.keys(referralRecordColumns) as RecordKey[], presentReferral);

/** What a tile of the /apply grid shows: half the columns, none of the long texts. */
export const TILE_VIEW = recordView(TILE_RECORD_KEYS, presentTile);
