import { drizzle } from "drizzle-orm/d1";

/**
 * Drizzle over one D1 binding, or over a request's D1 session (ADR 008: reads from the nearest
 * replica). Built per request: nothing environment-bound lives at module scope.
 *
 * Without `schema`: the app writes its queries with the SQL-like builder, never the relational
 * `db.query` API, and passing the schema made every request rebuild drizzle's relational config
 * of every table (~0.5 ms of CPU a request, bench/profile.ts).
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // drizzle's type asks for the whole binding, but its D1 driver only calls `prepare` and `batch`,
  // which a session has with the same signatures.
  return drizzle(d1 as D1Database);
}

export type Db = ReturnType<typeof createDb>;
