/**
 * The browser's share of each page: the JavaScript a page's modulepreloads fetch (the entry, and
 * every route module of its match chain with their imports), gzipped, read from the Remix manifest
 * of the production build. Fails when the landing page is over 110 KB or any route over 160 KB
 * (docs/decisions/090-three-rings.md, 092-browser-zod-and-the-160-kb-budget.md), or when build/client
 * names a table or column of the schema, or carries zod's JSON Schema generator.
 *
 *   npx tsx scripts/bundle-budget.ts        (after `remix vite:build`; `npm test` runs it)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = path.resolve("build/client");
const LANDING_BUDGET_KB = 110;
const ROUTE_BUDGET_KB = 160;
/**
 * Text that only the server has: a table or column name of its schema, drizzle itself, or zod's
 * JSON Schema generator (vite.config.ts leaves it out of the client build).
 */
const SERVER_ONLY_TEXT = [
  "password_hash",
  "token_hash",
  "email_outbox",
  "sqliteTable",
  "drizzle-orm",
  "cannot be represented in JSON Schema",
];

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  const file = readdirSync(path.join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No Remix manifest in build/client/assets: run `npx remix vite:build` first.");
  const text = readFileSync(path.join(CLIENT, "assets", file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

const gzCache = new Map<string, number>();
function gzipBytes(asset: string): number {
  let size = gzCache.get(asset);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(CLIENT, asset))).length;
    gzCache.set(asset, size);
  }
  return size;
}

/** The assets a document request for `routeId` preloads: entry, then each route of its chain. */
function pageAssets(manifest: Manifest, routeId: string): Set<string> {
  const assets = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (
    let route: ManifestRoute | undefined = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    assets.add(route.module);
    for (const item of route.imports ?? []) assets.add(item);
  }
  return assets;
}

function serverTextInClient(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|css|html|json|map)$/.test(entry.name)) {
        const text = readFileSync(full, "utf8");
        for (const needle of SERVER_ONLY_TEXT)
          if (text.includes(needle)) found.push(`${path.relative(CLIENT, full)}: ${needle}`);
      }
    }
  };
  walk(CLIENT);
  return found;
}

const manifest = readManifest();
const pages = Object.values(manifest.routes)
  .filter((route) => !route.module.includes("l0sNRNKZ")) // resource routes ship an empty module
  .map((route) => {
    const bytes = [...pageAssets(manifest, route.id)].reduce((sum, asset) => sum + gzipBytes(asset), 0);
    return { id: route.id, kb: bytes / 1024 };
  })
  .sort((a, b) => b.kb - a.kb);

const landing = pages.find((page) => page.id === "routes/_index");
const problems: string[] = [];
if (!landing) problems.push("No landing route (routes/_index) in the manifest.");
else if (landing.kb > LANDING_BUDGET_KB)
  problems.push(`Landing page JS ${landing.kb.toFixed(1)} KB gz > ${LANDING_BUDGET_KB} KB`);
for (const page of pages) {
  if (page.kb > ROUTE_BUDGET_KB) problems.push(`${page.id} JS ${page.kb.toFixed(1)} KB gz > ${ROUTE_BUDGET_KB} KB`);
}
const leaks = serverTextInClient();
if (leaks.length) problems.push(`Server-only text in build/client:\n  ${leaks.join("\n  ")}`);

console.log(
  `Bundle budget (JS a page preloads, gzipped): landing ${landing?.kb.toFixed(1)} KB (budget ${LANDING_BUDGET_KB}); largest routes:`,
);
for (const page of pages.slice(0, 5)) console.log(`  ${page.kb.toFixed(1).padStart(6)} KB  ${page.id}`);
if (problems.length) {
  console.error(`\nOver budget:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `All ${pages.length} pages within budget (route ${ROUTE_BUDGET_KB} KB); no server-only text in build/client.`,
);
