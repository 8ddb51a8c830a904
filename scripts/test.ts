/**
 * `npm test`: every level, stopping at the first that fails. Builds first because the workerd
 * integration tests and the end-to-end tests run the built Worker.
 *   0. the bundle budget (scripts/bundle-budget.ts: what the browser loads, and no server schema in it)
 *   1. unit (vitest, node)   2. integration in workerd (vitest pool)   3. end-to-end (Playwright, Chromium)
 */
import { run } from "./lib/wrangler";

const steps: [string, string[]][] = [
  ["npx", ["remix", "vite:build"]],
  ["npx", ["tsx", "scripts/bundle-budget.ts"]],
  ["npx", ["vitest", "run"]],
  ["npx", ["tsx", "scripts/check-chromium.ts"]],
  ["npx", ["playwright", "test"]],
];

for (const [command, args] of steps) {
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${code}).`);
    process.exit(code);
  }
}
