import { requireProjectNode } from "./node-version";
import { spawn, spawnSync } from "node:child_process";

requireProjectNode();

/** Keeps wrangler off the network: no metrics, no error reports, no `cf` object fetch. */
export const OFFLINE_ENV = {
  ...process.env,
  CI: "true",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Runs a wrangler command to completion; throws with its output when it fails. */
export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync("npx", ["wrangler", ...args], {
    env: OFFLINE_ENV,
    encoding: "utf8",
    stdio: options.quiet ? "pipe" : ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  }
  return result.stdout;
}

/** The `--persist-to` arguments for a local D1 directory, or none for wrangler's default. */
export const persistArgs = (dir?: string) => (dir ? ["--persist-to", dir] : []);

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = OFFLINE_ENV): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
