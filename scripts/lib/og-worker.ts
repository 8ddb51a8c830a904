/**
 * The share-image Worker (og/, docs/decisions/201) as `wrangler deploy` bundles it: its script and
 * the modules beside it (WebAssembly, fonts). The worker tests run this bundle as the main Worker's
 * `OG` service; the deploy dry-run measures it.
 */
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { wrangler } from "./wrangler";

export const OG_CONFIG = "og/wrangler.toml";
/** The name the main Worker's `[[services]]` binding calls it by (og/wrangler.toml `name`). */
export const OG_WORKER_NAME = "cardshare-og";
/** Where the tests' copy of the bundle goes. */
export const OG_BUILD_DIR = "build/og";

/** What wrangler writes beside the modules it would upload. */
export const NOT_UPLOADED = /(\.map|README\.md)$/;

/** Bundles the image Worker into `outdir` (emptied first); returns the uploaded modules' paths. */
export function bundleOgWorker(dir = OG_BUILD_DIR): string[] {
  // Absolute: wrangler places some modules relative to the config's folder otherwise.
  const outdir = path.resolve(dir);
  rmSync(outdir, { recursive: true, force: true });
  wrangler(["deploy", "--dry-run", "-c", OG_CONFIG, "--outdir", outdir], { quiet: true });
  return readdirSync(outdir)
    .filter((name) => !NOT_UPLOADED.test(name))
    .map((name) => path.join(outdir, name));
}

/** The bundle's entry among the modules wrangler wrote (og/wrangler.toml's main is worker.ts). */
export const OG_ENTRY = "worker.js";
