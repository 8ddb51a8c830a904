/**
 * `npm run deploy` runs this first: every problem with the settings `wrangler deploy` would ship
 * (wrangler.toml as wrangler reads it, and the Worker's secrets as `wrangler secret list` names
 * them), listed in one run. Exits 1 when there is any problem; warnings do not stop the deploy.
 */
import { checkDeploy } from "./lib/deploy-check";
import { wranglerSecretNames } from "./lib/wrangler";

const { problems, warnings } = await checkDeploy("wrangler.toml", wranglerSecretNames);
const list = (items: string[]) => items.map((item) => `  - ${item}`).join("\n");
if (warnings.length > 0) console.warn(`Deploy warnings (${warnings.length}):\n${list(warnings)}`);
if (problems.length > 0) {
  console.error(
    `Refusing to deploy: ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${list(problems)}`,
  );
  process.exit(1);
}
console.log("Deploy settings: production.");
