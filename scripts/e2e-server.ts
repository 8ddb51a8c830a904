/**
 * The server Playwright tests against: the built Worker under `wrangler dev` on port 8788 with a
 * throw-away D1 database (.wrangler/e2e), migrated and seeded afresh on every run.
 */
import { rmSync } from "node:fs";
import { prepareLocalDatabase } from "./lib/local-db";
import { OFFLINE_ENV, run } from "./lib/wrangler";

export const E2E_PORT = 8788;
export const E2E_PERSIST_DIR = ".wrangler/e2e";

rmSync(E2E_PERSIST_DIR, { recursive: true, force: true });
await prepareLocalDatabase(E2E_PERSIST_DIR);
const vars = {
  ENVIRONMENT: "development",
  APP_ORIGIN: `http://localhost:${E2E_PORT}`,
  SESSION_SECRET: "e2e-secret-at-least-16-characters",
  SUPPORT_EMAIL: "support@cardshare.local",
};
process.exit(
  await run(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(E2E_PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      E2E_PERSIST_DIR,
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    OFFLINE_ENV,
  ),
);
