/** What the bench scripts share: a set-up step run to completion, and waiting for a server. */
import { spawnSync } from "node:child_process";
import { OFFLINE_ENV } from "../scripts/lib/wrangler";

/** Runs a command (wrangler offline), prints how long it took, answers its output; throws when it fails. */
export function step(label: string, command: string, args: string[]): string {
  const started = Date.now();
  const result = spawnSync(command, args, {
    env: OFFLINE_ENV,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${label} failed:\n${result.stdout}${result.stderr}`);
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

export async function waitUntilUp(url: string, timeoutMs = 60_000) {
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
