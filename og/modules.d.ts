/** WebAssembly as wrangler's default rule bundles it: a compiled module (og/wrangler.toml). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
