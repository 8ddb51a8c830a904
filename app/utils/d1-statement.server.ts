/**
 * A D1 prepared statement from a drizzle `sql` template or query builder, for batches that go to
 * D1 directly: drizzle's own batch cannot take raw `sql` statements on D1, and conditional writes
 * that read `changes()` of the statement before them need the statements side by side.
 */
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";

const dialect = new SQLiteSyncDialect();

export function statement(db: Db, query: SQL | { toSQL(): { sql: string; params: unknown[] } }) {
  const built = "toSQL" in query ? query.toSQL() : dialect.sqlToQuery(query);
  return db.$client.prepare(built.sql).bind(...built.params);
}
