import type { z } from "zod";

/**
 * zod's settings in the browser. `jitless`: otherwise zod probes `new Function("")` when it builds
 * its first object schema, to decide whether to compile parsers; the page's CSP (no 'unsafe-eval')
 * refuses it, and Chrome reports the refusal (a `securitypolicyviolation` event and a DevTools issue
 * that costs Lighthouse's best practices) even though zod catches it.
 */
export const BROWSER_ZOD_CONFIG: z.core.$ZodConfig = { jitless: true };

/**
 * Sets BROWSER_ZOD_CONFIG before any module runs. `z.config()` in a module would come too late:
 * Remix imports the route modules (which build their schemas as they load) before entry.client,
 * and the chunk order of a shared module is the bundler's. zod reads a config object put on
 * `globalThis.__zod_globalConfig` before it loads (documented in zod/v4/core/core.ts).
 */
export function ZodConfigScript({ nonce }: { nonce?: string }) {
  const script = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},${JSON.stringify(BROWSER_ZOD_CONFIG)});`;
  // The browser hides a script's nonce once parsed, so the client renders none (as Remix's own scripts).
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
