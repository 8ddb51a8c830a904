import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { afterAll, describe, expect, it } from "vitest";
import { checkDeploy, deployReport, type DeploySettings } from "../../scripts/lib/deploy-check";
import { OFFLINE_ENV, wranglerSecretNames } from "../../scripts/lib/wrangler";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the committed wrangler.toml, each [name, value] pair replacing that setting's value. */
function wranglerTomlCopy(settings: [string, string][] = []): string {
  let toml = readFileSync("wrangler.toml", "utf8");
  for (const [name, value] of settings) {
    const line = new RegExp(`^${name} = ".*"$`, "m");
    expect(toml, `wrangler.toml sets ${name}`).toMatch(line);
    toml = toml.replace(line, `${name} = ${JSON.stringify(value)}`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "deploy-check-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "wrangler.toml"), toml);
  return path.join(dir, "wrangler.toml");
}

const ALL_SECRETS = [
  "SESSION_SECRET",
  "EMAIL_API_URL",
  "EMAIL_API_KEY",
  "EMAIL_FROM",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "VAPID_PUBLIC_KEY",
  "VAPID_PRIVATE_KEY",
  "SENTRY_DSN",
];
const LIVE_VARS: [string, string][] = [
  ["APP_ORIGIN", "https://cardshare.app"],
  ["SUPPORT_EMAIL", "support@cardshare.app"],
  ["SOCIAL_URL", "https://x.com/cardshare_app"],
  ["database_id", "6d1f6a52-3a8e-4a57-9d3b-1f2a7c9e0b41"],
];
const listing = (names: string[]) => () => Promise.resolve(names);

/** Settings that pass, for the cases below to spoil one at a time. */
const LIVE: DeploySettings = {
  vars: { ENVIRONMENT: "production", APP_ORIGIN: "https://cardshare.app", SUPPORT_EMAIL: "support@cardshare.app" },
  databases: [{ binding: "DB", database_id: "6d1f6a52-3a8e-4a57-9d3b-1f2a7c9e0b41" }],
  queues: {
    producers: [{ binding: "NOTIFICATIONS", queue: "cardshare-notifications" }],
    consumers: [
      { queue: "cardshare-notifications", max_retries: 5, dead_letter_queue: "cardshare-notifications-dlq" },
      { queue: "cardshare-notifications-dlq" },
    ],
  },
  secrets: { names: ALL_SECRETS },
};
const problemsWith = (change: Partial<DeploySettings>, vars: Record<string, unknown> = {}) =>
  deployReport({ ...LIVE, ...change, vars: { ...LIVE.vars, ...vars } }).problems;
const secretsWithout = (...names: string[]) => ({
  secrets: { names: ALL_SECRETS.filter((name) => !names.includes(name)) },
});

describe("npm run deploy's check (scripts/check-deploy.ts)", () => {
  it("lists every problem of the shipped wrangler.toml in one run, with no secrets set", async () => {
    const report = await checkDeploy(wranglerTomlCopy(), listing([]));
    expect(report.problems).toEqual([
      expect.stringMatching(/^D1 database_id is "0{8}-0{4}-0{4}-0{4}-0{12}"/),
      expect.stringMatching(/^APP_ORIGIN is "http:\/\/localhost:8787"/),
      expect.stringMatching(/^SUPPORT_EMAIL is "support@cardshare.local"/),
      expect.stringMatching(/^SESSION_SECRET is not set/),
      expect.stringMatching(/^EMAIL_API_URL is not set/),
      expect.stringMatching(/^EMAIL_API_KEY is not set/),
      expect.stringMatching(/^EMAIL_FROM is not set/),
    ]);
    expect(report.warnings).toEqual([
      expect.stringMatching(/^SOCIAL_URL is still the shipped/),
      expect.stringMatching(/^Tips are off/),
      expect.stringMatching(/^SENTRY_DSN is not set/),
    ]);
  });

  it("passes live settings with every secret set", async () => {
    expect(await checkDeploy(wranglerTomlCopy(LIVE_VARS), listing(ALL_SECRETS))).toEqual({
      problems: [],
      warnings: [],
    });
  });

  it("says it could not check the secrets when Cloudflare cannot be asked, and still checks the rest", async () => {
    const report = await checkDeploy(wranglerTomlCopy([["APP_ORIGIN", "https://cardshare.app"]]), () =>
      Promise.reject(new Error("`wrangler secret list` failed: not logged in")),
    );
    expect(report.problems).toEqual([expect.stringContaining("database_id"), expect.stringContaining("SUPPORT_EMAIL")]);
    expect(report.warnings).toContainEqual(
      expect.stringMatching(
        /^Secrets not checked: could not list them \(`wrangler secret list` failed: not logged in\)/,
      ),
    );
  });

  it("asks wrangler for the secrets, and turns its failure into one line", async () => {
    await expect(wranglerSecretNames(path.join(tmpdir(), "no-such-dir", "wrangler.toml"))).rejects.toThrow(
      /^`wrangler secret list` failed: Could not read file: .*no-such-dir\/wrangler\.toml$/,
    );
  }, 60_000);

  it("exits non-zero on the committed wrangler.toml, listing its problems", () => {
    const run = spawnSync("npx", ["tsx", "scripts/check-deploy.ts"], { env: OFFLINE_ENV, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Refusing to deploy: \d+ problems:/);
    for (const name of ["D1 database_id", "APP_ORIGIN", "SUPPORT_EMAIL"])
      expect(run.stderr).toContain(`  - ${name} is`);
  }, 60_000);

  it("keeps development settings out of the committed wrangler.toml: they live in .dev.vars", () => {
    expect(unstable_readConfig({ config: "wrangler.toml" }).vars.ENVIRONMENT).toBe("production");
  });

  it("passes an unset ENVIRONMENT (production is the default) and refuses development mode", () => {
    expect(problemsWith({}, { ENVIRONMENT: undefined })).toEqual([]);
    expect(problemsWith({}, { ENVIRONMENT: "development" })).toEqual([
      expect.stringContaining('ENVIRONMENT is "development"'),
    ]);
  });

  it.each([
    undefined,
    "",
    "not a url",
    "http://cardshare.app",
    "https://localhost:8787",
    "https://127.0.0.1",
    "https://cardshare.example",
    "https://www.example.com",
    "https://cardshare.local",
  ])("refuses APP_ORIGIN %j", (origin) => {
    expect(problemsWith({}, { APP_ORIGIN: origin })).toEqual([expect.stringContaining("APP_ORIGIN")]);
  });

  it.each([
    undefined,
    "not an address",
    "support@cardshare.local",
    "help@example.com",
    "help@example.org",
    "help@mail.example.net",
    "help@cardshare.test",
    "help@cardshare.invalid",
    "help@localhost",
  ])("refuses SUPPORT_EMAIL %j", (email) => {
    expect(problemsWith({}, { SUPPORT_EMAIL: email })).toEqual([expect.stringContaining("SUPPORT_EMAIL")]);
  });

  it("refuses a missing or all-zero D1 database_id", () => {
    expect(problemsWith({ databases: [] })).toEqual([expect.stringContaining('No D1 database bound as "DB"')]);
    expect(
      problemsWith({ databases: [{ binding: "DB", database_id: "00000000-0000-0000-0000-000000000000" }] }),
    ).toEqual([expect.stringContaining("D1 database_id")]);
  });

  it("knows the notification queues: a missing producer, consumer retries or dead-letter consumer is named", () => {
    expect(problemsWith({ queues: {} })).toEqual([
      expect.stringContaining('No queue producer "NOTIFICATIONS"'),
      expect.stringContaining('No [[queues.consumers]] for "cardshare-notifications"'),
      expect.stringContaining('No [[queues.consumers]] for "cardshare-notifications-dlq"'),
      expect.stringContaining("npx wrangler queues create cardshare-notifications"),
    ]);
    const withoutDeadLetter = { ...LIVE.queues, consumers: [{ queue: "cardshare-notifications", max_retries: 5 }] };
    expect(problemsWith({ queues: withoutDeadLetter })).toEqual([
      expect.stringContaining("needs max_retries and dead_letter_queue"),
      expect.stringContaining('No [[queues.consumers]] for "cardshare-notifications-dlq"'),
      expect.stringContaining("npx wrangler queues create"),
    ]);
  });

  it("refuses each missing secret of the session and email set by name", () => {
    expect(problemsWith(secretsWithout("SESSION_SECRET", "EMAIL_API_KEY"))).toEqual([
      expect.stringMatching(/^SESSION_SECRET is not set/),
      expect.stringMatching(/^EMAIL_API_KEY is not set/),
    ]);
  });

  it("takes EMAIL_API_URL and EMAIL_FROM as plain vars too, and checks their values there", () => {
    const secrets = secretsWithout("EMAIL_API_URL", "EMAIL_FROM");
    const vars = { EMAIL_API_URL: "https://api.resend.com/emails", EMAIL_FROM: "Cardshare <hello@cardshare.app>" };
    expect(problemsWith(secrets, vars)).toEqual([]);
    expect(problemsWith(secrets, { EMAIL_API_URL: "http://127.0.0.1:9999", EMAIL_FROM: "hello@example.com" })).toEqual([
      expect.stringMatching(/^EMAIL_API_URL is "http:\/\/127.0.0.1:9999"/),
      expect.stringMatching(/^EMAIL_FROM is "hello@example.com"/),
    ]);
  });

  it("wants Stripe's pair once either is set (tips on), and warns when neither is (tips off)", () => {
    expect(problemsWith(secretsWithout("STRIPE_WEBHOOK_SECRET"))).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is not set, but its Stripe partner is/),
    ]);
    expect(problemsWith(secretsWithout("STRIPE_SECRET_KEY"))).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY is not set/),
    ]);
    const off = deployReport({ ...LIVE, ...secretsWithout("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET") });
    expect(off.problems).toEqual([]);
    expect(off.warnings).toEqual([expect.stringMatching(/^Tips are off/)]);
  });

  it("wants Google's pair together or not at all", () => {
    expect(problemsWith(secretsWithout("GOOGLE_CLIENT_SECRET"))).toEqual([
      expect.stringMatching(/^GOOGLE_CLIENT_SECRET is not set, but its Google partner is/),
    ]);
    expect(problemsWith(secretsWithout("GOOGLE_CLIENT_SECRET"), { GOOGLE_CLIENT_ID: "x" })).toHaveLength(1);
    expect(problemsWith(secretsWithout("GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"))).toEqual([]);
  });

  it("wants the VAPID pair together or not at all (Web Push)", () => {
    expect(problemsWith(secretsWithout("VAPID_PRIVATE_KEY"))).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY is not set, but its VAPID partner is: Web Push needs both/),
    ]);
    expect(problemsWith(secretsWithout("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"))).toEqual([]);
  });

  it("warns, without refusing, when SENTRY_DSN is not set", () => {
    const report = deployReport({ ...LIVE, ...secretsWithout("SENTRY_DSN") });
    expect(report).toEqual({ problems: [], warnings: [expect.stringMatching(/^SENTRY_DSN is not set/)] });
  });

  it("refuses a secret committed in [vars], test-only endpoints, raised rate limits and a non-https SOCIAL_URL", () => {
    expect(
      problemsWith(
        { secrets: { names: [...ALL_SECRETS, "GOOGLE_TOKEN_URL"] } },
        {
          SESSION_SECRET: "dev-only-secret-change-me-in-production",
          STRIPE_API_HOST: "127.0.0.1",
          RATE_LIMIT_MULTIPLIER: "1000",
          SOCIAL_URL: "x.com/cardshare",
        },
      ),
    ).toEqual([
      expect.stringMatching(/^SOCIAL_URL is "x.com\/cardshare"/),
      expect.stringMatching(/^RATE_LIMIT_MULTIPLIER is "1000"/),
      expect.stringMatching(/^SESSION_SECRET is in wrangler.toml \[vars\]/),
      expect.stringMatching(/^STRIPE_API_HOST is set: it only points the app at the tests' local fakes/),
      expect.stringMatching(/^GOOGLE_TOKEN_URL is set/),
    ]);
    expect(problemsWith({}, { SOCIAL_URL: "", RATE_LIMIT_MULTIPLIER: "1" })).toEqual([]);
  });
});
