/**
 * `npx tsx bench/ab.ts --a 8794 --b 8795 --path /apply?r=0 [--path ...] [--member] [--rounds 3] [--requests 200]
 *                    [--b-path /]`
 *
 * Two builds of the app side by side (e.g. a commit and its parent, each served by
 * bench/workerd-server.ts on its own port and the bench's database), compared by the CPU time
 * their workerd process spends per request (from /proc), over sequential requests that
 * alternate between them. CPU time, unlike throughput, hardly moves when other work shares the machine, so
 * this answers "did this change make the page cheaper" on a busy machine.
 *
 * `--b-path /` asks b for that one path against each of a's (b not signed in): with b the
 * framework's floor (bench/remix-floor, served by bench/workerd-server.ts --config
 * bench/remix-floor/wrangler.toml), "a / b" is a page's cost in floors, on a busy machine too.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD } from "../db/seed/demo";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    path: { type: "string", multiple: true, default: ["/apply?r=0"] },
    member: { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
    requests: { type: "string", default: "200" },
    "b-path": { type: "string" },
  },
});

async function headersFor(origin: string): Promise<Record<string, string>> {
  if (!values.member) return {};
  const response = await fetch(`${origin}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "alice@cardshare.local", password: DEMO_PASSWORD }),
  });
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** The workerd process listening on a port. */
function pidOf(port: string): number {
  const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}

/** User + system CPU time of a process in clock ticks (/proc/PID/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/**
 * CPU milliseconds each server spends per request of `path`: sequential requests alternating
 * between the two, so whatever else the machine does lands on both alike.
 */
async function cpuPerRequest(servers: Server[], path: string) {
  const requests = Number(values.requests);
  const get = async (server: Server) => {
    const url = `${server.origin}${server.path ?? path}`;
    const response = await fetch(url, { headers: server.headers });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };
  for (let warm = 0; warm < 10; warm++) for (const server of servers) await get(server);
  const before = servers.map((server) => cpuTicks(server.pid));
  for (let index = 0; index < requests; index++) for (const server of servers) await get(server);
  return servers.map((server, i) => ((cpuTicks(server.pid) - before[i]) * TICK_MS) / requests);
}

interface Server {
  origin: string;
  /** The one path this server is asked for, whatever a's path (--b-path). */
  path?: string;
  pid: number;
  headers: Record<string, string>;
}
const server = async (port: string, path?: string): Promise<Server> => {
  const origin = `http://127.0.0.1:${port}`;
  return { origin, path, pid: pidOf(port), headers: path ? {} : await headersFor(origin) };
};
const a = await server(values.a!);
const b = await server(values.b!, values["b-path"]);
for (const path of values.path!) {
  const rows = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    const [msA, msB] = await cpuPerRequest([a, b], path);
    rows.push({
      path,
      "a CPU ms/req": msA.toFixed(2),
      "b CPU ms/req": msB.toFixed(2),
      "b / a": (msB / msA).toFixed(2),
      ...(values["b-path"] && { "a / b": (msA / msB).toFixed(2) }),
    });
  }
  console.table(rows);
}
