import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every citation of a decision record points at one that exists (docs/decisions/README.md): a
 * `docs/decisions/NNN` path, an `ADR NNN` (or `ADRs NNN, MMM and KKK`) mention, and a record's
 * file name anywhere (`NNN-slug.md`, as the records link each other). A wrong slug is missing too.
 */
const DECISIONS = "docs/decisions";
/** "About 400" (docs/decisions/000-template.md), as `wc -w` counts. */
const MAX_WORDS = 420;
const ROOTS = ["app", "party", "scripts", "bench", "tests", "db", "docs"];
const ROOT_FILES = [
  "server.ts",
  "load-context.ts",
  "wrangler.toml",
  "vite.config.ts",
  "vitest.config.ts",
  "playwright.config.ts",
  "eslint.config.js",
  "README.md",
];
const TEXT = /\.(ts|tsx|js|md|toml|json|sql|css)$/;
const SKIP = new Set(["node_modules", "build", "results", "screens"]);

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : textFiles(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

const records = new Map(
  readdirSync(DECISIONS)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((name) => [name.slice(0, 3), name]),
);

/** The records a text cites, as written, each with whether it exists. */
function citations(text: string): { cited: string; exists: boolean }[] {
  const found: { cited: string; exists: boolean }[] = [];
  for (const match of text.matchAll(/decisions\/(\d{3})(?!-[a-z0-9-]+\.md)/g)) {
    found.push({ cited: match[0], exists: records.has(match[1]) });
  }
  for (const match of text.matchAll(/\b(\d{3})-[a-z0-9-]+\.md/g)) {
    found.push({ cited: match[0], exists: records.get(match[1]) === match[0] });
  }
  for (const match of text.matchAll(/\bADRs? (\d{3}(?:(?:, | and | or |\/)\d{3})*)\b/g)) {
    for (const number of match[1].match(/\d{3}/g)!) found.push({ cited: `ADR ${number}`, exists: records.has(number) });
  }
  return found;
}

describe("decision record citations", () => {
  it("finds a missing number, a wrong slug and a broken link", () => {
    const text = "ADR 006, ADRs 001 and 999; docs/decisions/005-wrong.md; [x](007-nope.md)";
    const missing = citations(text).filter((c) => !c.exists);
    expect(missing.map((c) => c.cited)).toEqual(["005-wrong.md", "007-nope.md", "ADR 999"]);
  });

  it("cite only records that exist", () => {
    const files = [...ROOTS.flatMap(textFiles), ...ROOT_FILES.filter((file) => statSync(file).isFile())].filter(
      (file) => file !== "tests/unit/adr-citations.test.ts",
    );
    expect(files.length).toBeGreaterThan(300);
    const missing = files.flatMap((file) =>
      citations(readFileSync(file, "utf8"))
        .filter((citation) => !citation.exists)
        .map((citation) => `${file}: ${citation.cited}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("decision records", () => {
  it("stay under about 400 words: long measurements and arguments live in docs/ pages they link", () => {
    const long = [...records.values()]
      .map((name) => ({
        name,
        words: readFileSync(path.join(DECISIONS, name), "utf8").split(/\s+/).filter(Boolean).length,
      }))
      .filter(({ words }) => words > MAX_WORDS)
      .map(({ name, words }) => `${name}: ${words} words`);
    expect(long).toEqual([]);
  });
});
