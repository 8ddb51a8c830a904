/**
 * `npm run deploy` runs this first: it reads the variables wrangler would deploy (wrangler's own
 * config reader, so it sees exactly what `wrangler deploy` sees) and refuses development settings.
 */
import { unstable_readConfig } from "wrangler";
import { deployProblems } from "./lib/deploy-check";

const problems = deployProblems(unstable_readConfig({ config: "wrangler.toml" }).vars);
if (problems.length > 0) {
  console.error(`Refusing to deploy:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log("Deploy settings: production.");
