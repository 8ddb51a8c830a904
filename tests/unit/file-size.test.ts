import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** No module in app/ grows past what a newcomer reads in one sitting (docs/decisions/090-three-rings.md). */
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("file sizes", () => {
  it(`no file under app/ is over ${MAX_LINES} lines`, () => {
    const files = sourceFiles("app");
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
