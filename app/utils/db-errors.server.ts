/**
 * Whether a database write failed on a unique index. D1 reports it as "UNIQUE constraint failed"
 * in the message; drizzle wraps D1's error (the SQLite text is then in `cause`), and a batch may
 * wrap it again, so the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current != null && !seen.has(current); current = (current as Error).cause) {
    seen.add(current);
    if (String((current as Error).message ?? current).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
