/**
 * The one way app code turns SQL into a D1 prepared statement (tests/unit/raw-sql.test.ts keeps it
 * so): from a drizzle `sql` template or query builder over the schema's tables and columns, for
 * batches that go to D1 directly (drizzle's own batch cannot take raw `sql` statements on D1, and
 * conditional writes that read `changes()` of the statement before them need the statements side
 * by side) and for reads batched by runReads. A built `Query` (SQL text and its parameters) is for
 * statements drizzle already built (a session's lookup, built once per isolate) or the /apply
 * search, whose text names the schema's columns (ADR 096).
 */
import { sql, type Column, type Query, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";

const dialect = new SQLiteSyncDialect();

export function statement(db: Pick<Db, "$client">, query: SQL | Query | { toSQL(): Query }) {
  const built = "toSQL" in query ? query.toSQL() : "sql" in query ? query : dialect.sqlToQuery(query);
  return db.$client.prepare(built.sql).bind(...built.params);
}

/**
 * A column by its bare name (`"annual_fee"`, where drizzle writes `"credit_cards"."annual_fee"`):
 * for an INSERT's or an upsert's column list, and for a subquery's columns read outside it.
 */
export const columnName = (column: Column) => sql.identifier(column.name);

/** Columns by their bare names, comma-separated: a select list whose rows keep the columns' names. */
export const columnNames = (columns: Column[]) =>
  sql.join(
    columns.map((column) => columnName(column)),
    sql`, `,
  );
