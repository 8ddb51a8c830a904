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

/**
 * The names of the deployed Worker's secrets, from `wrangler secret list --format json`. Throws a
 * one-line reason when Cloudflare cannot be asked (not logged in, offline, no such Worker yet).
 * Not OFFLINE_ENV: a person's `wrangler login` must count, and a piped stdin already keeps
 * wrangler from prompting.
 */
export async function wranglerSecretNames(configPath: string): Promise<string[]> {
  const result = spawnSync("npx", ["wrangler", "secret", "list", "--format", "json", "--config", configPath], {
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
    encoding: "utf8",
    stdio: "pipe",
    timeout: 60_000,
  });
  // eslint-disable-next-line no-control-regex
  const plain = (output: string | null) => (output ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  if (result.status === 0) {
    try {
      const secrets = JSON.parse(plain(result.stdout)) as { name: string }[];
      return secrets.map((secret) => secret.name);
    } catch {
      throw new Error("`wrangler secret list` did not answer JSON");
    }
  }
  const reason = `${plain(result.stderr)}\n${plain(result.stdout)}`
    .split("\n")
    .map((line) => line.replace(/^\s*✘?\s*\[ERROR\]\s*/, "").trim())
    .find((line) => line !== "");
  throw new Error(`\`wrangler secret list\` failed: ${reason ?? result.error?.message ?? `exit ${result.status}`}`);
}
