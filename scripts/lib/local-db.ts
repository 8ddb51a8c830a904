import { copyFileSync, existsSync } from "node:fs";
import { persistArgs, run, wrangler } from "./wrangler";

/** Creates .dev.vars from the committed template on a fresh clone. */
export function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Created .dev.vars from .dev.vars.example.");
  }
}

/** Applies the D1 migrations to a local database and loads the demo data if it is empty. */
export async function prepareLocalDatabase(persistTo?: string) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], { quiet: true });
  const code = await run("npx", ["tsx", "scripts/seed.ts", "--if-empty", ...persistArgs(persistTo)]);
  if (code !== 0) throw new Error("Seeding the local database failed");
}
