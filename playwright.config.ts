import { requireProjectNode } from "./scripts/lib/node-version";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/check-chromium";

import { E2E_PORT } from "./scripts/e2e-port";

requireProjectNode();

export default defineConfig({
  testDir: "tests/e2e",
  // Fixtures create their data through the app's own API, so test files run side by side.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  // Two workers, the Worker and Chromium share 2 cores: a navigation that waits on the server can
  // take longer than Playwright's default 5 s near the end of the run.
  expect: { timeout: 10_000 },
  // No retries: a test that fails once fails the run. The CI retry was added for one failure of the
  // tips journey (still on the test checkout 5 s after Pay, when `expect` waited 5 s); no cause
  // outside our code needs it (issue 28).
  retries: 0,
  use: {
    // The app's service worker (public/sw.js) would stand between page.route() and the pages; the
    // journeys that test it allow it (tests/e2e/push.spec.ts).
    serviceWorkers: "block",
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Debian's Chromium as root, on a machine without internet: no sandbox, no background traffic.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
