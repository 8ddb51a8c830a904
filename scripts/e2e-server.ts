/**
 * The server Playwright tests against: the built Worker under `wrangler dev` on E2E_PORT (8788)
 * with a throw-away D1 database (.wrangler/e2e), migrated and seeded afresh on every run. Local
 * fakes of outside services listen on the ports just above it.
 */
import { rmSync } from "node:fs";
import { FAKE_GOOGLE_ENV } from "../tests/fixtures/fake-google";
import { DEV_VAPID } from "../tests/fixtures/fake-push";
import { startFakeGoogle } from "../tests/fixtures/fake-google-server";
import { prepareLocalDatabase } from "./lib/local-db";
import { E2E_PORT, FAKE_GOOGLE_PORT } from "./e2e-port";
import { OFFLINE_ENV, run } from "./lib/wrangler";
import { OG_CONFIG } from "./lib/og-worker";

export const E2E_PERSIST_DIR = ".wrangler/e2e";

rmSync(E2E_PERSIST_DIR, { recursive: true, force: true });
// Google sign-in goes to a fake on loopback; nothing leaves this machine.
await startFakeGoogle(FAKE_GOOGLE_PORT);
await prepareLocalDatabase(E2E_PERSIST_DIR);
const vars = {
  ENVIRONMENT: "development",
  APP_ORIGIN: `http://localhost:${E2E_PORT}`,
  SESSION_SECRET: "e2e-secret-at-least-16-characters",
  SUPPORT_EMAIL: "support@cardshare.local",
  RATE_LIMIT_MULTIPLIER: "50",
  ...FAKE_GOOGLE_ENV(`http://127.0.0.1:${FAKE_GOOGLE_PORT}`),
  ...DEV_VAPID,
};
process.exit(
  await run(
    "npx",
    [
      "wrangler",
      "dev",
      // The app and the share-image Worker its `OG` binding calls (ADR 201).
      "-c",
      "wrangler.toml",
      "-c",
      OG_CONFIG,
      "--port",
      String(E2E_PORT),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(E2E_PORT + 1000),
      "--persist-to",
      E2E_PERSIST_DIR,
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    OFFLINE_ENV,
  ),
);
