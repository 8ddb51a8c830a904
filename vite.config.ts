import { requireProjectNode } from "./scripts/lib/node-version";
import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./load-context";

requireProjectNode();

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser never makes JSON Schema (the server serves /api/openapi.json), yet every zod classic
 * schema carries its generator: `toJSONSchema` and a processor per type, ~16 KB of every form page.
 * In the client build those two zod modules are stand-ins whose functions throw when called.
 */
function zodJsonSchemaOnServerOnly(): Plugin {
  const GENERATOR = /\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;
  const STAND_IN = "\0server-only:";
  return {
    name: "cardshare:zod-json-schema-on-server-only",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer?.includes("/node_modules/zod/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && GENERATOR.test(resolved.id) ? STAND_IN + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      const real = readFileSync(id.slice(STAND_IN.length), "utf8");
      const names = [...real.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]);
      const refuse = `() => { throw new Error("zod's JSON Schema is made on the server only"); }`;
      // Schemas call the `create...Method` factories as they are built: those return the refusal.
      return names
        .map((name) => `export const ${name} = ${name.startsWith("create") ? `() => ${refuse}` : refuse};`)
        .join("\n");
    },
  };
}

/** Remix's future flags: the app's, and the bench's framework floor's (bench/remix-floor). */
export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
} as const;

export default defineConfig(({ command }) => ({
  plugins: [
    // Only for `remix vite:dev`: otherwise workerd would boot during every build.
    command === "serve" && cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({ future: REMIX_FUTURE }),
    tsconfigPaths(),
    zodJsonSchemaOnServerOnly(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: {
    minify: true,
    emptyOutDir: process.env.CARDSHARE_KEEP_BUILD !== "1",
    rollupOptions: {
      output: {
        // zod and conform's zod adapter load together on every form page: one file compresses
        // better than the three or four Rollup would split them into.
        manualChunks(id) {
          if (/\/node_modules\/(zod|@conform-to\/zod)\//.test(id)) return "forms-kit";
          return undefined;
        },
      },
    },
  },
}));
