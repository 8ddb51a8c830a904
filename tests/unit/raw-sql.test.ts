import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * SQL in app/ is drizzle's (its `sql` template or query builder over db/schema.ts's tables and
 * columns), so the compiler checks it against the schema, and reaches D1 through one helper,
 * `statement` (app/utils/d1-statement.server.ts; docs/decisions/096-sql-through-the-schema.md).
 * The exceptions below each say why; a new one is a decision, not a slip.
 */
const HELPER = "app/utils/d1-statement.server.ts";

/** Files that may call a binding's `prepare` besides the helper. */
const PREPARE_ALLOWED: Record<string, string> = {
  "app/utils/d1-meter.server.ts": "the bench's meter wraps the binding's own prepare (ADR 061)",
};

/** Files that may hand the helper SQL text they built (`statement(db, { sql, params })`). */
const BUILT_TEXT_ALLOWED: Record<string, string> = {
  "app/modules/referrals/search.server.ts":
    "the /apply search, built per request as text naming the schema's columns; run whole by referrals-search-scale",
  "app/modules/auth/session.server.ts": "the session lookup: drizzle's own SQL, built once per isolate",
};

/** Files that may use `sql.raw` (text drizzle does not check). */
const RAW_ALLOWED: Record<string, string> = {
  "app/modules/chats/rows.server.ts": "a comparison operator picked from two literals (the chat room's own module)",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles("app").map((file) => ({ file, text: readFileSync(file, "utf8") }));

/** The files whose text matches, outside the allowed ones. */
function offenders(pattern: RegExp, allowed: Record<string, string>) {
  return files.filter(({ file, text }) => pattern.test(text) && !(file in allowed)).map(({ file }) => file);
}

describe("raw SQL in app/", () => {
  it("reads the app's sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ file }) => file === HELPER)).toBe(true);
  });

  it("prepares D1 statements only in the one helper", () => {
    expect(offenders(/\.prepare\s*\(/, { [HELPER]: "the helper", ...PREPARE_ALLOWED })).toEqual([]);
  });

  it("hands the helper SQL text only where it is allowed", () => {
    expect(offenders(/statement\(\s*[\w.]+,\s*\{\s*sql:/, BUILT_TEXT_ALLOWED)).toEqual([]);
  });

  it("uses sql.raw only where it is allowed", () => {
    expect(offenders(/sql\.raw\s*\(/, RAW_ALLOWED)).toEqual([]);
  });

  it("allows nothing that is no longer there", () => {
    const used = (pattern: RegExp, allowed: Record<string, string>) =>
      Object.keys(allowed).filter((file) => !files.some((entry) => entry.file === file && pattern.test(entry.text)));
    expect(used(/\.prepare\s*\(/, PREPARE_ALLOWED)).toEqual([]);
    expect(used(/statement\(\s*[\w.]+,\s*\{\s*sql:/, BUILT_TEXT_ALLOWED)).toEqual([]);
    expect(used(/sql\.raw\s*\(/, RAW_ALLOWED)).toEqual([]);
  });
});
