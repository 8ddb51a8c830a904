/** Playwright drives Debian's Chromium (it cannot download its own browser here). */
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (process.argv[1]?.endsWith("check-chromium.ts") && !existsSync(CHROMIUM_PATH)) {
  console.error(
    `Chromium was not found at ${CHROMIUM_PATH}. The end-to-end tests need Debian's package:\n\n` +
      "  sudo apt-get update && sudo apt-get install -y chromium\n\n" +
      "(or set CHROMIUM_PATH to another Chromium binary).",
  );
  process.exit(1);
}
