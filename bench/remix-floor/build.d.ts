/** The floor's server build (wrangler.toml's [alias]), made by `remix vite:build` with vite.config.ts here. */
declare module "remix-floor-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
