/**
 * Where a test's screenshot goes. A test run keeps them under the ignored `test-results/screens/`,
 * so `npm test` leaves the tree clean; `npm run screens` (scripts/screens.ts) sets `SCREENS_DIR` to
 * refresh the documentation's copies in `docs/screens/` on purpose.
 */
import path from "node:path";
import { test } from "@playwright/test";

export const SCREENS_DIR_ENV = "SCREENS_DIR";

export function screenPath(file: string) {
  const dir = process.env[SCREENS_DIR_ENV] ?? path.join(test.info().project.outputDir, "screens");
  return path.join(dir, file);
}
