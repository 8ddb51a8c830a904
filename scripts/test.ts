/**
 * `npm test`: every level, stopping at the first that fails. Builds first because the workerd
 * integration tests and the end-to-end tests run the built Worker.
 *   0. the bundle budgets: what the browser loads, and no server schema in it (scripts/bundle-budget.ts);
 *      the Worker `wrangler deploy` would upload, 1 MiB gzip at most (scripts/deploy-dry-run.ts)
 *   1. unit (vitest, node), the OpenAPI document's lint by Redocly CLI among them (tests/unit/openapi-lint.test.ts)
 *   2. integration in workerd (vitest pool)
 *   3. end-to-end (Playwright, Chromium), with the /api contract test from the outside (tests/e2e/api-contract.spec.ts)
 */
import { run } from "./lib/wrangler";

const steps: [string, string[]][] = [
  ["npx", ["remix", "vite:build"]],
  ["npx", ["tsx", "scripts/bundle-budget.ts"]],
  ["npx", ["tsx", "scripts/deploy-dry-run.ts"]],
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
