/**
 * The framework's floor (bench/remix-floor): the smallest Remix v2 app that renders a page, built
 * with the project's versions and the same future flags and SSR conditions as the app
 * (vite.config.ts), into bench/remix-floor/build. `npm run bench` builds it and serves it beside
 * hello-world, the same way (bench/workerd-server.ts).
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { REMIX_FUTURE } from "../../vite.config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  // No CSS here: the project's PostCSS config (tailwind) stays out.
  css: { postcss: { plugins: [] } },
  plugins: [
    remix({
      appDirectory: `${root}app`,
      buildDirectory: `${root}build`,
      future: REMIX_FUTURE,
    }),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: { minify: true },
});
