/**
 * `tsx bench/workerd-server.ts --config wrangler.toml --port 8791 [--main FILE] [--persist-to DIR]
 *                              [--var K:V ...] [--inspector-port 9229]`
 *
 * Serves a Worker for the bench the way Cloudflare runs it: its production bundle (`wrangler
 * deploy --dry-run`) in workerd through Miniflare, with the bindings, Durable Objects and assets
 * wrangler reads from the config. Unlike `wrangler dev` there is no proxy Worker in front and no
 * inspector reporting every request and D1 query, which are development tools, not the product.
 * `--main` bundles another entry with the same config (bench/run.ts serves bench/metered-worker.ts,
 * the Worker with the bench's D1 meter around it).
 */
import { readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { wrangler } from "../scripts/lib/wrangler";

const { values } = parseArgs({
  options: {
    config: { type: "string", default: "wrangler.toml" },
    port: { type: "string" },
    main: { type: "string" },
    "persist-to": { type: "string" },
    var: { type: "string", multiple: true, default: [] },
    // For bench/profile.ts: the V8 inspector of the Worker (CPU profiles).
    "inspector-port": { type: "string" },
  },
});
const config = resolve(values.config!);
const outdir = resolve(".wrangler/bench-bundle", String(values.port));
// A fresh folder: every .js file there is loaded as a module, so an earlier entry's bundle (or
// another Worker's on this port) must go.
rmSync(outdir, { recursive: true, force: true });
const entry = values.main ? [resolve(values.main)] : [];
wrangler(["deploy", ...entry, "--dry-run", "--config", config, "--outdir", outdir], { quiet: true });

// One Worker is served: its service bindings to others (the share images' `OG`, ADR 201) are left
// out, so workerd starts; routes that use one answer their fallback, and the bench asks none.
const { serviceBindings: _others, ...workerOptions } = unstable_getMiniflareWorkerOptions(config)
  .workerOptions as ReturnType<typeof unstable_getMiniflareWorkerOptions>["workerOptions"] & {
  serviceBindings?: unknown;
};
const vars = Object.fromEntries(
  values.var!.map((pair) => [pair.slice(0, pair.indexOf(":")), pair.slice(pair.indexOf(":") + 1)]),
);
const persist = values["persist-to"] ? resolve(values["persist-to"], "v3") : undefined;
const modules = readdirSync(outdir)
  .filter((file) => file.endsWith(".js") || file.endsWith(".mjs"))
  .map((file) => ({ type: "ESModule" as const, path: join(outdir, file) }));

// Miniflare 5 takes its own option shape; wrangler still hands out the v4 worker options, which
// Miniflare converts (as wrangler itself does). Persistence is one root: <root>/d1, <root>/do, ...
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    ...workerOptions,
    modulesRoot: outdir,
    modules,
    bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...vars },
    host: "127.0.0.1",
    port: Number(values.port),
    resourcePersistencePath: persist,
    inspectorPort: values["inspector-port"] ? Number(values["inspector-port"]) : undefined,
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
);
const url = await miniflare.ready;
console.log(`serving ${config} on ${url.href}`);

const stop = () => void miniflare.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
