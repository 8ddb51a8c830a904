/**
 * The soak's app server: the production bundle of bench/soak/worker.ts (server.ts with the soak's
 * faults wired around it) in workerd, served by bench/workerd-server.ts exactly as the bench serves
 * the app, from a config that is wrangler.toml with only its entry changed. It can be stopped and
 * started again on the same state (the restart fault), and says how much memory workerd holds.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { OFFLINE_ENV } from "../../scripts/lib/wrangler";
import { waitUntilUp } from "../steps";
import { allocatorFromStats, residentFromRollup, type Allocator, type Resident } from "./memory";

/**
 * wrangler.toml with `main` pointing at the soak's entry; every other relative path made absolute,
 * since the copy lives elsewhere (wrangler resolves paths from the config's folder).
 */
export function writeSoakConfig(dir: string): string {
  const root = resolve(".");
  const source = readFileSync("wrangler.toml", "utf8")
    .replace(/^main = .*$/m, `main = "${resolve("bench/soak/worker.ts")}"`)
    .replace(/= "\.\/([^"]*)"/g, (_match, path: string) => `= "${resolve(root, path)}"`)
    .replace(/^migrations_dir = "([^"]*)"/m, (_match, path: string) => `migrations_dir = "${resolve(root, path)}"`);
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, "wrangler.toml");
  writeFileSync(file, source);
  return file;
}

export interface AppServerOptions {
  config: string;
  port: number;
  persistTo: string;
  vars: Record<string, string>;
  log: string;
  /** The V8 inspector of the Worker (bench/soak/heap.ts). */
  inspectorPort: number;
  /**
   * V8 flags for this workerd only (Miniflare's MINIFLARE_WORKERD_V8_FLAGS), e.g. `--optimize-for-size`:
   * V8 collects sooner, so garbage holds less of the heap and of tcmalloc's pages (docs/decisions/221).
   */
  v8Flags?: string;
}

export class AppServer {
  #child: ChildProcess | null = null;
  #starts = 0;
  /** Every workerd process seen answering: more than one per start means workerd died and Miniflare started another. */
  readonly pids = new Set<number>();
  constructor(private readonly options: AppServerOptions) {}

  /** How often workerd died and was started again by Miniflare (not by the soak's restart). */
  get crashes() {
    return Math.max(0, this.pids.size - this.#starts);
  }

  get origin() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  async start() {
    const { config, port, persistTo, vars, log, inspectorPort, v8Flags } = this.options;
    mkdirSync("bench/results", { recursive: true });
    const out = openSync(`bench/results/${log}.log`, this.#starts++ === 0 ? "w" : "a");
    const args = [
      "tsx",
      "bench/workerd-server.ts",
      "--config",
      config,
      "--port",
      String(port),
      "--persist-to",
      persistTo,
    ];
    args.push("--inspector-port", String(inspectorPort));
    for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
    const env = v8Flags ? { ...OFFLINE_ENV, MINIFLARE_WORKERD_V8_FLAGS: v8Flags } : OFFLINE_ENV;
    this.#child = spawn("npx", args, { env, detached: true, stdio: ["ignore", out, out] });
    await waitUntilUp(`${this.origin}/api/health`, 180_000);
    this.rssMiB();
  }

  /** Stops workerd and everything it started (its process group), and waits until the port is free. */
  async stop() {
    const child = this.#child;
    this.#child = null;
    if (!child?.pid) return;
    const exited = new Promise((done) => child.once("exit", done));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone.
    }
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && listeningPid(this.options.port) !== null) {
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  /** Ends workerd at once (the soak's exit, whatever ended it). */
  kill() {
    try {
      if (this.#child?.pid) process.kill(-this.#child.pid, "SIGTERM");
    } catch {
      // Gone.
    }
  }

  /** Resident memory of the workerd process answering on the port, in MiB (null: none found). */
  rssMiB(): number | null {
    return this.residentMiB()?.rss ?? null;
  }

  /** workerd's resident memory, anonymous and file-backed (memory.ts), in MiB (null: none found). */
  residentMiB(): Resident | null {
    const pid = listeningPid(this.options.port);
    if (pid === null) return null;
    this.pids.add(pid);
    try {
      return residentFromRollup(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    } catch {
      return null;
    }
  }
}

/**
 * tcmalloc's report of workerd's native memory (memory.ts), asked for through gdb: `malloc_stats()`
 * prints it to workerd's stderr, which lands in the server's log. Pauses workerd for about a
 * second; `--allocator-stats` only, on a machine that allows ptrace. Null when either is missing.
 * `release` first asks tcmalloc to give its free pages back to the system (what a release thread,
 * which this workerd does not run, would do over time).
 */
export async function allocatorMiB(server: AppServer, log: string, release = false): Promise<Allocator | null> {
  const pid = [...server.pids].at(-1);
  if (pid === undefined) return null;
  const file = `bench/results/${log}.log`;
  // Only a report printed after this call counts (the log holds the earlier ones too).
  const before = statSync(file).size;
  const calls = ["call (void)malloc_stats()"];
  if (release) calls.unshift("call (void)MallocExtension_Internal_ReleaseMemoryToSystem((unsigned long)-1)");
  const asked = spawnSync("gdb", ["-p", String(pid), "-batch", ...calls.flatMap((call) => ["-ex", call])], {
    encoding: "utf8",
    timeout: 60_000,
  });
  // gdb's status is its last command's: a call it could not make says so in its output.
  if (asked.status !== 0 || /No symbol|Cannot|not defined|ptrace/i.test(`${asked.stdout}${asked.stderr}`)) return null;
  for (let waited = 0; waited < 30; waited++) {
    await new Promise((done) => setTimeout(done, 100));
    const report = allocatorFromStats(readFileSync(file, "utf8").slice(before));
    if (report) return report;
  }
  return null;
}

/** The process listening on a loopback port (workerd itself: the `npx`/tsx parents only started it). */
function listeningPid(port: number): number | null {
  const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  return pid ? Number(pid) : null;
}
