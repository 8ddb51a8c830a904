/**
 * `npm run bench -- N [--duration S] [--connections C] [--no-build] [--only http|ws]
 *                    [--d1-rtt MS] [--replica-rtt MS] [--state-dir DIR]
 *                    [--ws-clients 100] [--ws-rate 10] [--ws-duration 10]`
 *
 * Seeds a fresh local D1 with the demo data plus N referrals (up to 100,000), serves the built app
 * in workerd (bench/workerd-server.ts: the production bundle, without wrangler dev's proxy and
 * inspector), and measures chosen pages with autocannon beside a hello-world Worker served the
 * same way. Absolute numbers depend on the machine; the ratios to hello-world do much less, so
 * they are what to compare between runs and what a regression shows up in. Beside hello-world runs
 * the framework's floor (bench/remix-floor: a minimal Remix v2 page, root with Meta/Links/Scripts and
 * one route whose loader returns 12 small items, built with the project's versions): no page can
 * beat it, so each page's ratio to it ("floor / req/s") says what the app's own work costs.
 *
 * The app runs with the D1 meter on (bench/metered-worker.ts, docs/decisions/210): each page
 * row shows the D1 round trips one request makes, the longest chain of them that ran one after
 * another, the rows D1 read and the writes. `--d1-rtt 80` measures every page a second time with
 * each round trip delayed by 80 ms (reads by `--replica-rtt`, default the same), as if the
 * database were on another continent: what a page's chain costs a distant user.
 *
 * The WebSocket part (bench/ws.ts) puts --ws-clients sockets in one chat room and sends
 * --ws-rate messages/s for --ws-duration seconds, beside a Socket.IO server that stores each message
 * in SQLite before broadcasting it (the original app's stack; bench/socketio-server.ts), and prints
 * delivery p50/p99 and drops as ratios to it. Cardshare's room stores each message in its own
 * SQLite and mirrors it to D1 afterwards (ADR 040); it is sent two ways: a `send-message` frame, and
 * a POST handed to the room. With --d1-rtt both run again with the distance (the room's own D1
 * calls pay it too) and show how far their p99 moved. The last row is the runtime's floor: the same
 * room fanning out `typing` frames, nothing stored (what no send path in workerd can beat). The
 * 60 s figure of the issue is `npm run bench -- --only ws --ws-duration 60`.
 *
 * `--state-dir` (default .wrangler/bench, which bench/profile.ts reads) holds both servers'
 * databases; `--state-dir /dev/shm/cardshare-bench` puts them on tmpfs, which shows what the disk's
 * sync on each storage commit costs the room (ADR 040).
 *
 * `--port P` moves the servers to P (app), P+1 (hello), P+2 (Socket.IO) and P+3 (floor); default 8791.
 *
 * Everything stays on 127.0.0.1; wrangler runs with its network features off.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { DEMO_PASSWORD } from "../db/seed/demo";
import { OFFLINE_ENV } from "../scripts/lib/wrangler";
import type { D1MeterStats } from "../app/utils/d1-meter.server";
import { parseMeterHeader } from "./d1-meter";
import { step, waitUntilUp } from "./steps";
import { benchCardshare, benchRoomFloor, benchSocketIo, type WsBenchResult } from "./ws";

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
  // The catalogue a visitor browses (issue 31): filters bypass the edge cache, so each is a render.
  { name: "/cards filters + sort", path: "/cards?category=Travel&maxFee=499&sort=share" },
  { name: "/cards?q=chase", path: "/cards?q=chase&sort=offer" },
];

let APP_PORT = 8791;
let HELLO_PORT = 8792;
let SOCKET_IO_PORT = 8793;
let FLOOR_PORT = 8794;
let PERSIST_DIR = ".wrangler/bench";

function readOptions() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "10" },
      "no-build": { type: "boolean", default: false },
      only: { type: "string", default: "all" },
      "ws-clients": { type: "string", default: "100" },
      "ws-rate": { type: "string", default: "10" },
      "ws-duration": { type: "string", default: "10" },
      "d1-rtt": { type: "string", default: "0" },
      "replica-rtt": { type: "string" },
      "state-dir": { type: "string", default: ".wrangler/bench" },
      port: { type: "string", default: "8791" },
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
  const ws = {
    clients: Number(values["ws-clients"]),
    rate: Number(values["ws-rate"]),
    duration: Number(values["ws-duration"]),
  };
  if (!["all", "http", "ws"].includes(values.only!) || !(ws.clients > 0 && ws.rate > 0 && ws.duration > 0)) {
    console.error("usage: --only all|http|ws, --ws-clients, --ws-rate and --ws-duration must be positive");
    process.exit(2);
  }
  const d1Rtt = Number(values["d1-rtt"]);
  const replicaRtt = Number(values["replica-rtt"] ?? d1Rtt);
  if (!(d1Rtt >= 0 && d1Rtt <= 10_000 && replicaRtt >= 0 && replicaRtt <= 10_000)) {
    console.error("usage: --d1-rtt and --replica-rtt are milliseconds, 0-10000");
    process.exit(2);
  }
  const d1 = { rtt: d1Rtt, replicaRtt };
  const stateDir = values["state-dir"]!;
  const port = Number(values.port);
  if (!(Number.isInteger(port) && port > 1024 && port < 65532)) {
    console.error("usage: --port P uses P to P+3");
    process.exit(2);
  }
  [APP_PORT, HELLO_PORT, SOCKET_IO_PORT, FLOOR_PORT] = [port, port + 1, port + 2, port + 3];
  return { referrals, duration, connections, build: !values["no-build"], only: values.only!, ws, d1, stateDir };
}

/** Workers are served by workerd as in production, without wrangler dev's proxy and inspector. */
const WORKERD = ["tsx", "bench/workerd-server.ts"];
const servers: ChildProcess[] = [];
/** Starts a server in the background; its output goes to bench/results/<log>.log for after a run. */
function startServer(log: string, args: string[], command: string[]) {
  mkdirSync("bench/results", { recursive: true });
  const out = openSync(`bench/results/${log}.log`, "w");
  const child = spawn("npx", [...command, ...args], { env: OFFLINE_ENV, detached: true, stdio: ["ignore", out, out] });
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

async function measure(
  url: string,
  { duration, connections, headers }: { duration: number; connections: number; headers?: Record<string, string> },
) {
  let meter: D1MeterStats | null = null;
  for (let index = 0; index < 20; index++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    meter = parseMeterHeader(response.headers.get("x-d1-meter"));
  }
  const result = await autocannon({ url, duration, connections, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, meter };
}

/** The request headers that make the bench's D1 meter delay each round trip (bench/d1-meter.ts). */
const distance = (d1: { rtt: number; replicaRtt: number }) => ({
  "x-bench-d1-rtt": String(d1.rtt),
  "x-bench-d1-replica-rtt": String(d1.replicaRtt),
});

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
    { name: "/refer (member home)", path: "/refer", headers },
    { name: "/dashboard/my-referrals", path: "/dashboard/my-referrals", headers },
    { name: "/chat", path: "/chat", headers },
  ];
}

/**
 * The catalogue's first page rendered (not the edge cache's copy) and a later page by its keyset
 * cursor, read from the first page's 'More cards' link: each reads the page's cards from an index
 * of credit_cards, never the referrals (issue 31; the rows-read column shows it).
 */
async function catalogueTargets(origin: string): Promise<Target[]> {
  const headers = { "Cache-Control": "no-cache" };
  const first = await (await fetch(`${origin}/cards?sort=fee`, { headers })).text();
  const next = /href="(\/cards\?sort=fee&amp;after=[^"]+)"/.exec(first)?.[1]?.replace(/&amp;/g, "&");
  return [
    { name: "/cards (rendered)", path: "/cards", headers },
    ...(next ? [{ name: "/cards?sort=fee page 2 (keyset)", path: next, headers }] : []),
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
  PERSIST_DIR = options.stateDir;
  if (options.build) step("build", "npx", ["remix", "vite:build"]);
  // The floor is built once at least, --no-build or not (it changes only with the dependencies).
  if ((options.build || !existsSync("bench/remix-floor/build/server/index.js")) && options.only !== "ws") {
    step("build the floor", "npx", ["remix", "vite:build", "--config", "bench/remix-floor/vite.config.ts"]);
  }
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

  startServer(
    "app",
    [
      "--port",
      String(APP_PORT),
      // Counts each request's D1 round trips (x-d1-meter); the delay comes per request (distance()).
      "--main",
      "bench/metered-worker.ts",
      "--persist-to",
      PERSIST_DIR,
      "--var",
      "SESSION_SECRET:bench-secret-at-least-16-chars",
      "--var",
      `APP_ORIGIN:http://127.0.0.1:${APP_PORT}`,
      // The WebSocket bench posts 10 messages/s from one account: above the 60/min message limit.
      "--var",
      "RATE_LIMIT_MULTIPLIER:100",
    ],
    WORKERD,
  );
  startServer("hello", ["--config", "bench/hello-worker/wrangler.toml", "--port", String(HELLO_PORT)], WORKERD);
  if (options.only !== "ws") {
    startServer("floor", ["--config", "bench/remix-floor/wrangler.toml", "--port", String(FLOOR_PORT)], WORKERD);
  }
  startServer("socketio", [String(SOCKET_IO_PORT), `${PERSIST_DIR}/socketio.db`], ["tsx", "bench/socketio-server.ts"]);
  await Promise.all([
    waitUntilUp(`http://127.0.0.1:${APP_PORT}/api/health`),
    waitUntilUp(`http://127.0.0.1:${HELLO_PORT}/`),
    waitUntilUp(`http://127.0.0.1:${SOCKET_IO_PORT}/health`),
    ...(options.only !== "ws" ? [waitUntilUp(`http://127.0.0.1:${FLOOR_PORT}/`)] : []),
  ]);

  if (options.only !== "http") await wsBench(options.ws, options.d1);
  if (options.only === "ws") return;
  APP_TARGETS.push(...(await catalogueTargets(`http://127.0.0.1:${APP_PORT}`)));
  APP_TARGETS.push(...(await signedInTargets(`http://127.0.0.1:${APP_PORT}`)));

  const hello = await measure(`http://127.0.0.1:${HELLO_PORT}/`, options);
  const floor = await measure(`http://127.0.0.1:${FLOOR_PORT}/`, options);
  const results: PageResult[] = [
    { name: "hello-world (baseline)", ...hello, far: null },
    { name: "remix floor (12 items)", ...floor, far: null },
  ];
  const far = options.d1.rtt > 0 || options.d1.replicaRtt > 0;
  for (const target of APP_TARGETS) {
    const url = `http://127.0.0.1:${APP_PORT}${target.path}`;
    const measured = await measure(url, { ...options, headers: target.headers });
    const delayed = far
      ? await measure(url, { ...options, headers: { ...target.headers, ...distance(options.d1) } })
      : null;
    results.push({ name: target.name, ...measured, far: delayed });
  }

  console.log(
    `\nCardshare bench: ${options.referrals} seeded referrals, rows ${JSON.stringify(rows)}, ` +
      `${options.connections} connections, ${options.duration} s per target` +
      (far ? `; "@rtt": each D1 round trip +${options.d1.rtt} ms, reads +${options.d1.replicaRtt} ms` : "") +
      "\n",
  );
  console.table(results.map((row) => pageRow(row, { hello: hello.rps, floor: floor.rps }, far)));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/latest.json",
    JSON.stringify({ at: new Date().toISOString(), options, rows, results }, null, 2),
  );
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  meter: D1MeterStats | null;
}
interface PageResult extends Measured {
  name: string;
  /** The same page with every D1 round trip delayed (--d1-rtt), or null. */
  far: Measured | null;
}

/**
 * One row of the page table. The ratios are hello-world's and the floor's throughput over the
 * page's ("33x": the page serves 33 times fewer requests); latency ratios printed 'Infinity' once
 * hello-world's p50 rounded to 0 ms.
 */
function pageRow(row: PageResult, baseline: { hello: number; floor: number }, far: boolean) {
  const ratio = (base: number, rps: number) => `${(base / rps).toFixed(rps > base / 10 ? 1 : 0)}x`;
  const times = (rps: number) => ratio(baseline.hello, rps);
  return {
    target: row.name,
    "D1 calls": row.meter?.calls ?? "",
    chain: row.meter?.chain ?? "",
    "rows read": row.meter?.rows ?? "",
    writes: row.meter?.writes ?? "",
    "req/s": Math.round(row.rps),
    "p50 ms": row.p50,
    "p99 ms": row.p99,
    "hello / req/s": times(row.rps),
    "floor / req/s": ratio(baseline.floor, row.rps),
    ...(far && {
      "req/s @rtt": row.far ? Math.round(row.far.rps) : "",
      "p50 ms @rtt": row.far?.p50 ?? "",
      "p99 ms @rtt": row.far?.p99 ?? "",
      "hello / req/s @rtt": row.far ? times(row.far.rps) : "",
    }),
  };
}

async function wsBench(
  ws: { clients: number; rate: number; duration: number },
  d1: { rtt: number; replicaRtt: number },
) {
  const socketIo = await benchSocketIo(`http://127.0.0.1:${SOCKET_IO_PORT}`, ws);
  const accounts = {
    sender: { email: "alice@cardshare.local", password: DEMO_PASSWORD },
    recipient: { email: "ben@cardshare.local", password: DEMO_PASSWORD },
  };
  const app = `http://127.0.0.1:${APP_PORT}`;
  const far = d1.rtt > 0 || d1.replicaRtt > 0;
  const socket = await benchCardshare(app, accounts, ws, { via: "socket" });
  const post = await benchCardshare(app, accounts, ws, { via: "post" });
  // With the distance: every D1 round trip the Worker and the room make waits (the room's mirror
  // included); the hot path should not notice.
  const socketFar = far ? await benchCardshare(app, accounts, ws, { via: "socket", headers: distance(d1) }) : null;
  const postFar = far ? await benchCardshare(app, accounts, ws, { via: "post", headers: distance(d1) }) : null;
  const floor = await benchRoomFloor(app, accounts, ws);
  const row = (name: string, result: WsBenchResult, near?: WsBenchResult) => ({
    target: name,
    sent: result.sent,
    "failed sends": result.failedPosts,
    delivered: result.received,
    drops: result.drops,
    "p50 ms": result.p50.toFixed(1),
    "p99 ms": result.p99.toFixed(1),
    "max ms": result.max.toFixed(1),
    "send p50/p99 ms": `${result.postP50.toFixed(1)} / ${result.postP99.toFixed(1)}`,
    "1st delivery p50 ms": result.firstP50.toFixed(1),
    "1st→last p50 ms": result.spreadP50.toFixed(1),
    "p50 / baseline": (result.p50 / socketIo.p50).toFixed(2),
    "p99 / baseline": (result.p99 / socketIo.p99).toFixed(2),
    "p99 vs no delay": near ? `${(((result.p99 - near.p99) / near.p99) * 100).toFixed(1)}%` : "",
  });
  const rtt = `+${d1.rtt} ms/D1 trip`;
  console.log(
    `\nWebSocket fan-out: ${ws.clients} clients in one room, ${ws.rate} messages/s for ${ws.duration} s, ` +
      "latency from the sender's send to each delivery\n",
  );
  console.table([
    row("socket.io + SQLite write (baseline)", socketIo),
    row("cardshare frame -> room SQLite", socket),
    row("cardshare POST -> room SQLite", post),
    ...(socketFar ? [row(`cardshare frame -> room @${rtt}`, socketFar, socket)] : []),
    ...(postFar ? [row(`cardshare POST -> room @${rtt}`, postFar, post)] : []),
    row("workerd floor: typing frames, no D1", floor),
  ]);
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/ws-latest.json",
    JSON.stringify(
      { at: new Date().toISOString(), ws, d1, socketIo, cardshare: { socket, post, socketFar, postFar }, floor },
      null,
      2,
    ),
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
