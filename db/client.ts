import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** Drizzle over one D1 binding. Built per request: nothing environment-bound lives at module scope. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;
