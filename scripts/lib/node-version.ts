/**
 * Cardshare's tools run on the Node that package.json's `engines` names (docs/decisions/009). npm
 * scripts get it from the `node` dev dependency, first on their PATH; a tool started with another
 * Node (the machine's own, say) stops here with one line instead of failing obscurely later.
 * Called first by scripts/lib/wrangler.ts (every script) and the Vite, Vitest and Playwright configs.
 */
import { createRequire } from "node:module";
import semver from "semver";

const { engines } = createRequire(import.meta.url)("../../package.json") as { engines: { node: string } };

/** The one-line complaint for a Node version outside `engines`, or null when it fits. */
export function nodeVersionProblem(version: string, required = engines.node): string | null {
  if (semver.satisfies(version, required)) return null;
  return (
    `Cardshare needs Node ${required} (package.json engines); this is ${version}. ` +
    `Run it through npm (npm start, npm test, npm run <script>), which puts the project's Node first on the PATH.`
  );
}

/** Stops the process with that line when the running Node does not fit. */
export function requireProjectNode(): void {
  const problem = nodeVersionProblem(process.version);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
