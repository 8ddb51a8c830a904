import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/check-chromium";

import { E2E_PORT } from "./scripts/e2e-port";

export default defineConfig({
  testDir: "tests/e2e",
  // Fixtures create their data through the app's own API, so test files run side by side.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
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
