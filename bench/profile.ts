/**
 * `npx tsx bench/profile.ts [--path /apply?r=0] [--requests 300] [--member] [--top 30] [--interval 250]
 *                           [--out FILE]`  (--interval: sampling period in microseconds)
 *
 * A CPU profile of one page in workerd: what "profile a request and fix what dominates" needs.
 * Serves the built app (bench/workerd-server.ts, the production bundle) on the bench's seeded
 * database (.wrangler/bench: run `npm run bench` once first) with the V8 inspector open, warms
 * the page, records a sampling profile over --requests sequential requests and prints the
 * functions with the most self time and the most total time, per request. --out keeps the
 * .cpuprofile (Chrome DevTools > Performance opens it). Everything stays on 127.0.0.1.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { DEMO_PASSWORD } from "../db/seed/demo";
import { OFFLINE_ENV } from "../scripts/lib/wrangler";

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/apply?r=0" },
    requests: { type: "string", default: "300" },
    member: { type: "boolean", default: false },
    top: { type: "string", default: "30" },
    interval: { type: "string", default: "250" },
    port: { type: "string", default: "8796" },
    out: { type: "string" },
  },
});
const PORT = Number(values.port);
const INSPECTOR = PORT + 500;
const origin = `http://127.0.0.1:${PORT}`;

const server = spawn(
  "npx",
  [
    "tsx",
    "bench/workerd-server.ts",
    "--port",
    String(PORT),
    "--persist-to",
    ".wrangler/bench",
    "--inspector-port",
    String(INSPECTOR),
    "--var",
    "SESSION_SECRET:bench-secret-at-least-16-chars",
    "--var",
    `APP_ORIGIN:${origin}`,
  ],
  { env: OFFLINE_ENV, detached: true, stdio: "inherit" },
);
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // Already gone.
  }
};
process.on("exit", stop);

async function waitUntilUp(url: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A minimal Chrome DevTools Protocol client: one socket, numbered calls. */
async function inspector(): Promise<(method: string, params?: object) => Promise<Record<string, unknown>>> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json()) as {
    title: string;
    webSocketDebuggerUrl: string;
  }[];
  // The app's own Worker: Miniflare names it `core:user:<name>` (the queues' workers carry "cardshare" too).
  const target =
    targets.find((candidate) => /\/core:user:[^/]*$/.test(candidate.webSocketDebuggerUrl)) ??
    targets.find((candidate) => candidate.title.includes("cardshare")) ??
    targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  });
  let next = 0;
  return (method, params) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
}

function summarise(profile: Profile, requests: number, top: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const key = (node: ProfileNode) => {
    const frame = node.callFrame;
    const file = frame.url.split("/").pop() || "(native)";
    return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  // Total time: each node's subtree, counted once per function on any one stack (no recursion double count).
  const walk = (node: ProfileNode, onStack: Set<string>): number => {
    let sum = selfUs.get(node.id) ?? 0;
    const name = key(node);
    self.set(name, (self.get(name) ?? 0) + sum);
    const nested = new Set(onStack).add(name);
    for (const child of node.children ?? []) sum += walk(byId.get(child)!, nested);
    if (!onStack.has(name)) total.set(name, (total.get(name) ?? 0) + sum);
    return sum;
  };
  const all = walk(profile.nodes[0], new Set());
  const idle = [...self].filter(([name]) => /^\((idle|program|garbage collector)\)/.test(name));
  const busy = all - idle.reduce((sum, [, us]) => sum + us, 0);
  const ms = (us: number) => (us / 1000 / requests).toFixed(2);
  console.log(`\n${requests} requests: ${ms(busy)} ms of JavaScript per request (${ms(all)} ms sampled)`);
  for (const [name, us] of idle) console.log(`  ${name}: ${ms(us)} ms/request`);
  const table = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => !/^\((root|idle|program)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({
        function: name.slice(0, 90),
        "ms/request": ms(us),
        share: `${((us / busy) * 100).toFixed(1)}%`,
      }));
  console.log("\nSelf time");
  console.table(table(self));
  console.log("\nTotal time (self + callees)");
  console.table(table(total));
}

async function main() {
  await waitUntilUp(`${origin}/api/health`);
  const headers: Record<string, string> = {};
  if (values.member) {
    const response = await fetch(`${origin}/api/users/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "alice@cardshare.local", password: DEMO_PASSWORD }),
    });
    headers.Authorization = `Bearer ${((await response.json()) as { token: string }).token}`;
  }
  const url = `${origin}${values.path}`;
  const get = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };
  for (let warm = 0; warm < 50; warm++) await get();
  const call = await inspector();
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: Number(values.interval) });
  await call("Profiler.start");
  const requests = Number(values.requests);
  const started = Date.now();
  for (let index = 0; index < requests; index++) await get();
  const wall = Date.now() - started;
  const { profile } = (await call("Profiler.stop")) as { profile: Profile };
  console.log(`${url}: ${(wall / requests).toFixed(1)} ms wall per request (sequential, profiler on)`);
  if (values.out) writeFileSync(values.out, JSON.stringify(profile));
  summarise(profile, requests, Number(values.top));
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
