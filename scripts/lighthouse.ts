/**
 * Lighthouse mobile (its default simulated throttling) on the market's pages (issues 29 and 31,
 * docs/performance.md#lighthouse): /, /cards, a card page, a referral's page and /apply signed in
 * as a demo member. Lighthouse is not a dependency: `npm install --no-save lighthouse` first.
 *
 *   npx tsx scripts/lighthouse.ts --base http://localhost:8818 [--out test-results/lighthouse]
 *
 * Against a server with the demo data (`npm start`, or scripts/e2e-server.ts on E2E_PORT). Prints
 * each page's four scores and the audits that fell short (score below 1) with their titles.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { chromium, type BrowserContext } from "@playwright/test";
import { SESSION_COOKIE } from "../app/modules/auth/session.server";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:8787" },
    out: { type: "string", default: "test-results/lighthouse" },
    only: { type: "string" },
  },
});
const base = values.base!.replace(/\/$/, "");
const out = values.out!;
mkdirSync(out, { recursive: true });

const DEMO_MEMBER = { email: "alice@cardshare.local", password: "Cardshare2026" };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function firstMatch(path: string, pattern: RegExp) {
  const html = await (await fetch(`${base}${path}`)).text();
  const match = pattern.exec(html);
  if (!match) throw new Error(`No ${pattern} on ${path}`);
  return match[1];
}

async function memberToken() {
  const response = await fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!response.ok) throw new Error(`Sign-in as ${DEMO_MEMBER.email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

const slug = await firstMatch("/cards", /href="\/cards\/([a-z0-9-]+)"/);
const code = await firstMatch(`/cards/${slug}`, /href="\/r\/([A-Za-z0-9_-]+)"/);
const token = await memberToken();
const pages: { name: string; path: string; signedIn?: boolean }[] = [
  { name: "landing", path: "/" },
  { name: "cards", path: "/cards" },
  { name: "card-page", path: `/cards/${slug}` },
  { name: "referral", path: `/r/${code}` },
  { name: "apply-signed-in", path: "/apply", signedIn: true },
];

const DEBUGGING_PORT = 9333;

/** Chromium with the demo member's session cookie, listening for Lighthouse on DEBUGGING_PORT. */
async function signedInBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base, httpOnly: true, sameSite: "Lax" }]);
  return {
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string };
type Report = {
  categories: Record<(typeof CATEGORIES)[number], { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};

for (const page of pages.filter((p) => !values.only || values.only.split(",").includes(p.name))) {
  const file = join(out, `${page.name}.json`);
  const args = [
    "lighthouse",
    `${base}${page.path}`,
    "--output=json",
    `--output-path=${file}`,
    `--only-categories=${CATEGORIES.join(",")}`,
  ];
  // Signed in: a Chromium holding the session cookie, which Lighthouse drives (it keeps cookies).
  // An extra Cookie header would not reach the page's WebSocket, whose refusal Lighthouse reports.
  const browser = page.signedIn ? await signedInBrowser() : null;
  if (browser) args.push(`--port=${DEBUGGING_PORT}`);
  else args.push("--chrome-flags=--headless=new --no-sandbox");
  try {
    // Asynchronously: Playwright, holding the signed-in browser, must keep answering it meanwhile.
    await promisify(execFile)("npx", [...args, "--quiet"], {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    });
  } finally {
    await browser?.close();
  }
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const scores = CATEGORIES.map((category) => `${category} ${Math.round(report.categories[category].score * 100)}`);
  console.log(`${page.name} (${page.path}): ${scores.join(", ")}`);
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category].auditRefs) {
      const audit = report.audits[ref.id];
      if (audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === "informative") continue;
      if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : "";
      console.log(`  ${category}: ${audit.id} ${audit.score}${value}: ${audit.title}`);
    }
  }
}
