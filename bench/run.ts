/**
 * `npm run bench -- N [--duration S] [--connections C] [--no-build]`
 *
 * Seeds a fresh local D1 with the demo data plus N referrals (up to 100,000), serves the built app
 * with `wrangler dev`, and measures chosen pages with autocannon beside a hello-world Worker served
 * the same way. Absolute numbers depend on the machine; the ratios to hello-world do much less, so
 * they are what to compare between runs and what a regression shows up in.
 *
 * Everything stays on 127.0.0.1; wrangler runs with its network features off.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { DEMO_PASSWORD } from "../db/seed/demo";
import { OFFLINE_ENV } from "../scripts/lib/wrangler";

/** The app pages measured. Later issues add their pages here (e.g. /apply, /api/credit-cards). */
interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

const APP_TARGETS: Target[] = [
  { name: "landing /", path: "/" },
  { name: "api /api/health", path: "/api/health" },
  { name: "terms /terms", path: "/terms" },
];

const APP_PORT = 8791;
const HELLO_PORT = 8792;
const PERSIST_DIR = ".wrangler/bench";

function readOptions() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "10" },
      "no-build": { type: "boolean", default: false },
    },
  });
  const referrals = Number(positionals[0] ?? 1000);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (!Number.isInteger(referrals) || referrals < 0 || referrals > 100_000 || !(duration > 0) || !(connections > 0)) {
    console.error(
      "usage: npm run bench -- [N referrals, 0-100000] [--duration seconds] [--connections C] [--no-build]",
    );
    process.exit(2);
  }
  return { referrals, duration, connections, build: !values["no-build"] };
}

function step(label: string, command: string, args: string[]): string {
  const started = Date.now();
  const result = spawnSync(command, args, { env: OFFLINE_ENV, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${label} failed:\n${result.stdout}${result.stderr}`);
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

const servers: ChildProcess[] = [];
function startServer(args: string[]) {
  const child = spawn("npx", ["wrangler", "dev", ...args], { env: OFFLINE_ENV, detached: true, stdio: "ignore" });
  servers.push(child);
  return child;
}
function stopServers() {
  for (const child of servers.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
process.on("exit", stopServers);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

async function waitUntilUp(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function measure(
  url: string,
  { duration, connections, headers }: { duration: number; connections: number; headers?: Record<string, string> },
) {
  for (let index = 0; index < 20; index++) await (await fetch(url, { headers })).arrayBuffer();
  const result = await autocannon({ url, duration, connections, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The /apply search as a signed-in demo member sees it (default rotation, text, filters and sort, API). */
async function signedInTargets(origin: string): Promise<Target[]> {
  const response = await fetch(`${origin}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "alice@cardshare.local", password: DEMO_PASSWORD }),
  });
  const { token } = (await response.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return [
    { name: "/apply (fair rotation)", path: "/apply?r=0", headers },
    { name: "/apply?q=travel", path: "/apply?r=0&q=travel", headers },
    { name: "/apply filters + sort", path: "/apply?minCredit=750&minSharing=25&maxFee=99&sort=bonus_desc", headers },
    { name: "api .../active?q=chase", path: "/api/referrals/card-refer/active?q=chase&slot=1", headers },
  ];
}

function countRows(table: string): number {
  const output = step(`count ${table}`, "npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    PERSIST_DIR,
    "--json",
    "--command",
    `SELECT COUNT(*) AS n FROM ${table}`,
  ]);
  return JSON.parse(output)[0].results[0].n;
}

async function main() {
  const options = readOptions();
  if (options.build) step("build", "npx", ["remix", "vite:build"]);
  rmSync(PERSIST_DIR, { recursive: true, force: true });
  step("migrate", "npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST_DIR]);
  step(`seed demo + ${options.referrals} referrals`, "npx", [
    "tsx",
    "scripts/seed.ts",
    "--persist-to",
    PERSIST_DIR,
    "--bench-referrals",
    String(options.referrals),
  ]);
  const rows = {
    users: countRows("users"),
    referrals: countRows("referrals"),
    credit_cards: countRows("credit_cards"),
  };

  startServer([
    "--port",
    String(APP_PORT),
    "--ip",
    "127.0.0.1",
    "--inspector-port",
    "9391",
    "--persist-to",
    PERSIST_DIR,
    "--var",
    "SESSION_SECRET:bench-secret-at-least-16-chars",
    "--var",
    `APP_ORIGIN:http://127.0.0.1:${APP_PORT}`,
  ]);
  startServer([
    "--config",
    "bench/hello-worker/wrangler.toml",
    "--port",
    String(HELLO_PORT),
    "--ip",
    "127.0.0.1",
    "--inspector-port",
    "9392",
  ]);
  await Promise.all([
    waitUntilUp(`http://127.0.0.1:${APP_PORT}/api/health`),
    waitUntilUp(`http://127.0.0.1:${HELLO_PORT}/`),
  ]);

  APP_TARGETS.push(...(await signedInTargets(`http://127.0.0.1:${APP_PORT}`)));

  const hello = await measure(`http://127.0.0.1:${HELLO_PORT}/`, options);
  const results = [{ name: "hello-world (baseline)", ...hello, p50Ratio: 1, p99Ratio: 1 }];
  for (const target of APP_TARGETS) {
    const measured = await measure(`http://127.0.0.1:${APP_PORT}${target.path}`, {
      ...options,
      headers: target.headers,
    });
    results.push({
      name: target.name,
      ...measured,
      p50Ratio: measured.p50 / hello.p50,
      p99Ratio: measured.p99 / hello.p99,
    });
  }

  console.log(
    `\nCardshare bench: ${options.referrals} seeded referrals, rows ${JSON.stringify(rows)}, ` +
      `${options.connections} connections, ${options.duration} s per target\n`,
  );
  console.table(
    results.map((row) => ({
      target: row.name,
      "req/s": Math.round(row.rps),
      "p50 ms": row.p50,
      "p99 ms": row.p99,
      "p50 / hello": row.p50Ratio.toFixed(2),
      "p99 / hello": row.p99Ratio.toFixed(2),
    })),
  );
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/latest.json",
    JSON.stringify({ at: new Date().toISOString(), options, rows, results }, null, 2),
  );
}

main()
  .then(() => {
    stopServers();
    process.exit(0);
  })
  .catch((error) => {
    console.error(error.message ?? error);
    stopServers();
    process.exit(1);
  });
