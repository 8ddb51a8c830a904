/**
 * The Workers' share: bundles each Worker as `wrangler deploy` would (`--dry-run`, offline: no
 * Cloudflare login) and fails when one's upload is over its gzip budget. A bigger Worker starts
 * slower on every cold isolate; Cloudflare's own limit (3 MiB free, 10 MiB paid) is far above both.
 *   - the app (wrangler.toml): 1 MiB gzip;
 *   - the share-image Worker (og/wrangler.toml, ADR 201): 1280 KiB gzip, nearly all of it resvg's
 *     WebAssembly. Only link previews wait on its cold start, and their images are cached.
 *
 *   npx tsx scripts/deploy-dry-run.ts       (after `remix vite:build`; `npm test` runs it)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { wrangler } from "./lib/wrangler";
import { bundleOgWorker, NOT_UPLOADED } from "./lib/og-worker";

const WORKERS: { name: string; budgetKiB: number; bundle: (outdir: string) => string[] }[] = [
  {
    name: "Worker bundle",
    budgetKiB: 1024,
    bundle: (outdir) => {
      wrangler(["deploy", "--dry-run", "--outdir", outdir], { quiet: true });
      return readdirSync(outdir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !NOT_UPLOADED.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
    },
  },
  { name: "Share-image Worker bundle (og/)", budgetKiB: 1280, bundle: bundleOgWorker },
];

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

for (const worker of WORKERS) {
  const outdir = mkdtempSync(path.join(tmpdir(), "cardshare-dry-run-"));
  try {
    const modules = worker.bundle(outdir);
    if (modules.length === 0) throw new Error(`wrangler deploy --dry-run wrote no modules to ${outdir}`);
    let raw = 0;
    let gzip = 0;
    for (const file of modules) {
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += gzipSync(bytes).length;
    }
    const line = `${worker.name} (wrangler deploy --dry-run): ${kib(gzip)} KiB gzip (${kib(raw)} KiB raw, ${modules.length} module${modules.length === 1 ? "" : "s"}); budget ${worker.budgetKiB} KiB gzip`;
    if (gzip > worker.budgetKiB * 1024) {
      console.error(`${line}\nOver budget by ${kib(gzip - worker.budgetKiB * 1024)} KiB.`);
      process.exitCode = 1;
    } else {
      console.log(line);
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
