import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/check-chromium";

const PORT = 8788;

export default defineConfig({
  testDir: "tests/e2e",
  // One worker: the fixtures write to the server's SQLite files from another process, and a write
  // that overlaps a request from a second worker can make that request fail (SQLITE_BUSY).
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
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
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
