import { requireProjectNode } from "./scripts/lib/node-version";
import { createRequire } from "node:module";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { FAKE_GOOGLE_ENV, handleFakeGoogle } from "./tests/fixtures/fake-google";
import { FAKE_STRIPE_ENV, handleFakeStripe } from "./tests/fixtures/fake-stripe";
import { FAKE_ISSUER_ORIGIN, handleFakeIssuer } from "./tests/fixtures/fake-issuer";
import { FAKE_SENTRY_DSN, handleFakeSentry } from "./tests/fixtures/fake-sentry";
import { FAKE_MAIL_ENV, handleFakeMail } from "./tests/fixtures/fake-mail";
import { DEV_VAPID, handleFakePush } from "./tests/fixtures/fake-push";
import { bundleOgWorker, OG_BUILD_DIR, OG_ENTRY, OG_WORKER_NAME } from "./scripts/lib/og-worker";

requireProjectNode();

const FAKE_GOOGLE_ORIGIN = "https://google.fake.test";
const FAKE_STRIPE_ORIGIN = "https://stripe.fake.test";
const FAKE_SENTRY_ORIGIN = "https://sentry.fake.test";
const FAKE_MAIL_ORIGIN = "https://mail.fake.test";
const FAKE_PUSH_ORIGIN = "https://push.fake.test";

/**
 * The Workers test pool's newest release runs the workerd it bundles, which is older than the one
 * wrangler serves and deploys with; it cannot start a Worker dated after its own workerd. The worker
 * tests therefore run at that workerd's date when wrangler.toml's is newer (docs/decisions/009).
 */
const poolWorkerd = createRequire(import.meta.resolve("@cloudflare/vitest-pool-workers"))("workerd") as {
  compatibilityDate: string;
};
const wranglerDate = unstable_readConfig({ config: "wrangler.toml" }).compatibility_date!;
const testCompatibilityDate = [wranglerDate, poolWorkerd.compatibilityDate].sort()[0];

const alias = {
  "~": path.resolve("app"),
  "remix-server-build": path.resolve("build/server/index.js"),
  // React Email's render asks for React 19's `server.edge` first; React 18 names it `server.browser`.
  "react-dom/server.edge": "react-dom/server.browser",
  // As wrangler.toml's [alias]: the Worker ships without prettier.
  "prettier/standalone": path.resolve("app/modules/notifications/no-pretty.ts"),
  "prettier/plugins/html": path.resolve("app/modules/notifications/no-pretty.ts"),
};

/**
 * The share-image Worker (og/, ADR 201), bundled as `wrangler deploy` would, once per run: the main
 * Worker's `OG` service binding reaches it as in production.
 */
type OgModule = { type: "ESModule" | "CompiledWasm" | "Data"; path: string };
let ogModules: OgModule[] | null = null;
function ogWorker() {
  // The entry first (miniflare's main module), then the modules it imports, by wrangler's rules.
  ogModules ??= bundleOgWorker(OG_BUILD_DIR)
    .map((file): OgModule => ({
      type: file.endsWith(".wasm") ? "CompiledWasm" : file.endsWith(".js") ? "ESModule" : "Data",
      path: path.resolve(file),
    }))
    .sort((a, b) => Number(path.basename(b.path) === OG_ENTRY) - Number(path.basename(a.path) === OG_ENTRY));
  return {
    name: OG_WORKER_NAME,
    modules: ogModules,
    modulesRoot: path.resolve(OG_BUILD_DIR),
    compatibilityDate: testCompatibilityDate,
  };
}

/**
 * A project running in workerd against the built Worker. The robustness suite has a project (and
 * so a database) of its own: the odd data its accepted requests leave behind must not meet the
 * other files' assertions, and its write counters must not see theirs.
 */
const workerProject = (name: string, include: string[], exclude: string[] = []) => ({
  resolve: { alias },
  plugins: [
    cloudflareTest(async () => ({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        compatibilityDate: testCompatibilityDate,
        workers: [ogWorker()],
        // The network edge: the Worker's outbound fetches reach the fake Google, the fake Stripe,
        // a fake issuer's referral site (the link check), a fake Sentry, a fake mail provider and a
        // fake push service.
        outboundService: (request: Request) => {
          const origin = new URL(request.url).origin;
          if (origin === FAKE_GOOGLE_ORIGIN) return handleFakeGoogle(request);
          if (origin === FAKE_STRIPE_ORIGIN) return handleFakeStripe(request);
          if (origin === FAKE_ISSUER_ORIGIN) return handleFakeIssuer(request);
          if (origin === FAKE_SENTRY_ORIGIN) return handleFakeSentry(request);
          if (origin === FAKE_MAIL_ORIGIN) return handleFakeMail(request);
          if (origin === FAKE_PUSH_ORIGIN) return handleFakePush(request);
          return new Response("No network in tests", { status: 503 });
        },
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(path.resolve("migrations")),
          SESSION_SECRET: "test-secret-at-least-16-chars",
          APP_ORIGIN: "http://localhost:8787",
          ENVIRONMENT: "development",
          // Tests share one client address; the rate-limit tests set it back to 1.
          RATE_LIMIT_MULTIPLIER: "100",
          ...FAKE_GOOGLE_ENV(FAKE_GOOGLE_ORIGIN),
          ...FAKE_STRIPE_ENV(FAKE_STRIPE_ORIGIN),
          // Unexpected errors are reported to the fake Sentry (ADR 065).
          SENTRY_DSN: FAKE_SENTRY_DSN(FAKE_SENTRY_ORIGIN),
          // Mail goes to the fake provider (and into the outbox once it accepted it); the queue's
          // producer and consumers come from wrangler.toml, run by miniflare as in production.
          ...FAKE_MAIL_ENV(FAKE_MAIL_ORIGIN),
          // Push is signed with the development VAPID pair (ADR 181).
          ...DEV_VAPID,
        },
      },
    })),
  ],
  test: {
    name,
    include,
    exclude,
    setupFiles: ["tests/worker/apply-migrations.ts"],
    // One runtime for all files: workerd start-up and the module graph are paid once.
    isolate: false,
    // A test sends several requests through workerd (each hashes a password or runs a batch); on a
    // loaded 2-core machine that can pass vitest's 5 s default without anything being wrong.
    testTimeout: 20_000,
  },
});

export default defineConfig({
  // Silences hundreds of sourcemap warnings from dependencies (stripe).
  logLevel: "error",
  test: {
    // The Worker's one JSON line per request, room event and cron step (ADR 065) would bury the
    // report; tests that read them spy on console. Error lines still print.
    onConsoleLog: (log: string) => !log.startsWith('{"level":"info"'),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      workerProject("worker", ["tests/worker/**/*.test.ts"], ["tests/worker/robustness.test.ts"]),
      workerProject("robustness", ["tests/worker/robustness.test.ts"]),
    ],
  },
});
