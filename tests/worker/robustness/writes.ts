/**
 * Counts every row written to the app's tables, with SQLite triggers that exist only while the
 * suite runs: "a bad request changes no row" is then exact (an UPDATE to the same value counts
 * too) and costs one read, whatever the size of the tables.
 */
import { env } from "cloudflare:test";

const LOG = "robustness_writes";
const OPERATIONS = ["INSERT", "UPDATE", "DELETE"] as const;

export type Writes = Record<string, number>;

/** The app's tables: not SQLite's or D1's, and not full-text indexes (their base tables count). */
async function appTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', ?1)",
  )
    .bind(LOG)
    .all<{ name: string; sql: string }>();
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  return results
    .map((table) => table.name)
    .filter((name) => !virtual.some((base) => name === base || name.startsWith(`${base}_`)));
}

const triggerName = (table: string, operation: string) => `${LOG}_${table}_${operation.toLowerCase()}`;

/** Installs the counters; the returned function removes them again. */
export async function countWrites(): Promise<() => Promise<void>> {
  const tables = await appTables();
  await env.DB.batch([
    env.DB.prepare(`CREATE TABLE IF NOT EXISTS ${LOG} (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0)`),
    ...tables.map((table) => env.DB.prepare(`INSERT OR IGNORE INTO ${LOG} (tbl) VALUES (?1)`).bind(table)),
    ...tables.flatMap((table) =>
      OPERATIONS.map((operation) =>
        env.DB.prepare(
          `CREATE TRIGGER IF NOT EXISTS ${triggerName(table, operation)} AFTER ${operation} ON "${table}" ` +
            `BEGIN UPDATE ${LOG} SET n = n + 1 WHERE tbl = '${table}'; END`,
        ),
      ),
    ),
  ]);
  return async () => {
    await env.DB.batch([
      ...tables.flatMap((table) =>
        OPERATIONS.map((operation) => env.DB.prepare(`DROP TRIGGER IF EXISTS ${triggerName(table, operation)}`)),
      ),
      env.DB.prepare(`DROP TABLE IF EXISTS ${LOG}`),
    ]);
  };
}

export async function writesSoFar(): Promise<Writes> {
  const { results } = await env.DB.prepare(`SELECT tbl, n FROM ${LOG}`).all<{ tbl: string; n: number }>();
  return Object.fromEntries(results.map((row) => [row.tbl, row.n]));
}

/** The tables written between two readings, with how many rows: "sessions +1". */
export function writesBetween(before: Writes, after: Writes): string[] {
  return Object.keys(after)
    .filter((table) => after[table] !== before[table])
    .map((table) => `${table} +${after[table]! - (before[table] ?? 0)}`);
}
