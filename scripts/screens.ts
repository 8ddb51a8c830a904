/**
 * `npm run screens`: refreshes the documentation's screenshots in docs/screens/. Runs the specs
 * that take them (those calling `screenPath`, tests/e2e/screens.ts) with `SCREENS_DIR` pointing
 * there; a plain test run writes them under the ignored test-results/screens/ instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import { SCREENS_DIR_ENV } from "../tests/e2e/screens";
import { OFFLINE_ENV, run } from "./lib/wrangler";

const E2E_DIR = "tests/e2e";
const specs = readdirSync(E2E_DIR)
  .filter((file) => file.endsWith(".spec.ts") && readFileSync(`${E2E_DIR}/${file}`, "utf8").includes("screenPath("))
  .map((file) => `${E2E_DIR}/${file}`);

const steps: [string, string[]][] = [
  ["npx", ["remix", "vite:build"]],
  ["npx", ["tsx", "scripts/check-chromium.ts"]],
  ["npx", ["playwright", "test", ...specs]],
];

for (const [command, args] of steps) {
  const code = await run(command, args, { ...OFFLINE_ENV, [SCREENS_DIR_ENV]: "docs/screens" });
  if (code !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${code}).`);
    process.exit(code);
  }
}
console.log(`\ndocs/screens/ refreshed from ${specs.join(", ")}.`);
