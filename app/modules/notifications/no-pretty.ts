/**
 * React Email's `render` imports prettier for its `pretty` option, which Cardshare never sets:
 * wrangler.toml's [alias] (and vitest.config.ts, to test what ships) give it this stand-in for
 * `prettier/standalone` and `prettier/plugins/html`, which keeps ~160 KiB gzip out of the Worker.
 */
export function format(): never {
  throw new Error("prettier is not in the Worker: call render() without { pretty: true }");
}
