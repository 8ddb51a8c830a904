import { sql, type SQL } from "drizzle-orm";

/** Upper bound of a prefix range: every string starting with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * `expression` starts with `prefix`, as an index range on an index of `expression` (never
 * LIKE '%x%', which scans; D1 also caps LIKE patterns at 50 bytes). Pass `prefix` lower-cased
 * for a `lower(...)` expression.
 */
export const startsWith = (expression: SQL, prefix: string) =>
  sql`(${expression} >= ${prefix} AND ${expression} < ${prefixEnd(prefix)})`;
