/**
 * `npm start`: build, migrate and seed the local D1 database, then serve the real Worker (Remix,
 * D1, Durable Objects) with `wrangler dev` at http://localhost:8787. Makes no connection beyond
 * loopback.
 */
import { ensureDevVars, prepareLocalDatabase } from "./lib/local-db";
import { OFFLINE_ENV, run } from "./lib/wrangler";

ensureDevVars();
if ((await run("npx", ["remix", "vite:build"])) !== 0) process.exit(1);
await prepareLocalDatabase();
console.log("\nCardshare is starting at http://localhost:8787 (demo sign-in: see README.md)\n");
process.exit(await run("npx", ["wrangler", "dev", "--port", "8787", "--ip", "127.0.0.1"], OFFLINE_ENV));
