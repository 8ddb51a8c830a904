/**
 * The Worker's share: bundles the built app as `wrangler deploy` would (`--dry-run`, offline: no
 * Cloudflare login) and fails when the upload is over 1 MiB gzipped. A bigger Worker starts slower
 * on every cold isolate; Cloudflare's own limit (3 MiB free, 10 MiB paid) is far above this.
 *
 *   npx tsx scripts/deploy-dry-run.ts       (after `remix vite:build`; `npm test` runs it)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { wrangler } from "./lib/wrangler";

const BUDGET_KIB = 1024;
/** What wrangler writes beside the modules it would upload. */
const NOT_UPLOADED = /(\.map|README\.md)$/;

const outdir = mkdtempSync(path.join(tmpdir(), "cardshare-dry-run-"));
try {
  wrangler(["deploy", "--dry-run", "--outdir", outdir], { quiet: true });
  const modules = readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !NOT_UPLOADED.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  if (modules.length === 0) throw new Error(`wrangler deploy --dry-run wrote no modules to ${outdir}`);
  let raw = 0;
  let gzip = 0;
  for (const file of modules) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  const line = `Worker bundle (wrangler deploy --dry-run): ${kib(gzip)} KiB gzip (${kib(raw)} KiB raw, ${modules.length} module${modules.length === 1 ? "" : "s"}); budget ${BUDGET_KIB} KiB gzip`;
  if (gzip > BUDGET_KIB * 1024) {
    console.error(`${line}\nOver budget by ${kib(gzip - BUDGET_KIB * 1024)} KiB.`);
    process.exitCode = 1;
  } else {
    console.log(line);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
