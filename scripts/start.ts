/**
 * `npm start`: build, migrate and seed the local D1 database, then serve the real Worker (Remix,
 * D1, Durable Objects) with `wrangler dev` at http://localhost:8787. Makes no connection beyond
 * loopback.
 */
import { ensureDevVars, prepareLocalDatabase } from "./lib/local-db";
import { OFFLINE_ENV, run } from "./lib/wrangler";
import { OG_CONFIG } from "./lib/og-worker";

ensureDevVars();
if ((await run("npx", ["remix", "vite:build"])) !== 0) process.exit(1);
await prepareLocalDatabase();
console.log("\nCardshare is starting at http://localhost:8787 (demo sign-in: see README.md)\n");
// One session serves both Workers: the app, and the share-image Worker its `OG` binding calls (ADR 201).
process.exit(
  await run(
    "npx",
    ["wrangler", "dev", "-c", "wrangler.toml", "-c", OG_CONFIG, "--port", "8787", "--ip", "127.0.0.1"],
    OFFLINE_ENV,
  ),
);
