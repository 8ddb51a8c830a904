import { unstable_readConfig } from "wrangler";
import { isLoopbackHost } from "../../app/utils/env.server";
import { EMAIL_SETTINGS } from "../../app/modules/email/mailer.server";
import { NOTIFICATION_QUEUE } from "../../app/modules/notifications/messages.server";

/**
 * What `npm run deploy` checks before anything ships (scripts/check-deploy.ts): every problem with
 * the settings `wrangler deploy` would use, in one run. Problems stop the deploy; warnings are shown
 * and the deploy goes ahead.
 */
export interface DeployReport {
  problems: string[];
  warnings: string[];
}

export interface DeploySettings {
  /** wrangler.toml [vars], as wrangler reads them. */
  vars: Record<string, unknown>;
  /** wrangler.toml [[d1_databases]]. */
  databases: { binding: string; database_id?: string }[];
  /** wrangler.toml [[queues.producers]] and [[queues.consumers]]. */
  queues: {
    producers?: { binding: string; queue: string }[];
    consumers?: { queue: string; max_retries?: number; dead_letter_queue?: string }[];
  };
  /** The names of the Worker's secrets (`wrangler secret list`), or why they could not be listed. */
  secrets: { names: string[] } | { unavailable: string };
}

/** Values that must never be committed: they belong in `wrangler secret put`. */
const SECRET_ONLY = [
  "SESSION_SECRET",
  "EMAIL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "GOOGLE_CLIENT_SECRET",
];
/** Variables that exist only to point the app at the tests' local fakes (tests/fixtures/fake-*.ts). */
const TEST_ONLY = [
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
  "GOOGLE_AUTH_URL",
  "GOOGLE_TOKEN_URL",
  "GOOGLE_USERINFO_URL",
  "GOOGLE_TOKENINFO_URL",
];
/** Production sends no email without all three. */
const EMAIL_SET = EMAIL_SETTINGS;
/** Tips run through Stripe once a key is set (tipsMode), and are recorded only from signed webhooks. */
const STRIPE_PAIR = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"];
/** Google sign-in shows once both are set (googleSignInEnabled). */
const GOOGLE_PAIR = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"];
/** Web Push's VAPID key pair (ADR 181): both or neither. */
const VAPID_PAIR = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"];
/** The footer's social link as wrangler.toml ships it, until it names the product's own account. */
export const SHIPPED_SOCIAL_URL = "https://x.com/cardshare";

const SECRET_PUT = (name: string) => `\`npx wrangler secret put ${name}\``;

/**
 * Names nobody can own or reach from the internet: loopback, the reserved test/example names
 * (RFC 2606, RFC 6761) and mDNS's `.local`.
 */
export function isPlaceholderHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    isLoopbackHost(host) ||
    /(^|\.)(local|test|invalid|example|localhost)$/.test(host) ||
    /(^|\.)example\.(com|net|org)$/.test(host)
  );
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

function parseUrl(value: unknown): URL | null {
  try {
    return text(value) ? new URL(text(value)!) : null;
  } catch {
    return null;
  }
}

/** The address in `name@domain` or `Name <name@domain>`, or null when there is none. */
function emailDomain(value: unknown): string | null {
  const address = text(value)?.match(/<([^<>]+)>\s*$/)?.[1] ?? text(value);
  const match = address?.match(/^[^\s@<>]+@([^\s@<>]+\.[^\s@<>]+)$/);
  return match ? match[1] : null;
}

/** Why the plain variables are not production settings. */
function varProblems(vars: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const environment = vars.ENVIRONMENT ?? "production";
  if (environment !== "production") {
    problems.push(
      `ENVIRONMENT is "${String(environment)}": set ENVIRONMENT = "production" in wrangler.toml [vars] ` +
        "(development serves everyone's emails at /dev/mail and a fake checkout).",
    );
  }
  const origin = parseUrl(vars.APP_ORIGIN);
  if (!origin || origin.protocol !== "https:" || isPlaceholderHost(origin.hostname)) {
    problems.push(
      `APP_ORIGIN is ${JSON.stringify(vars.APP_ORIGIN ?? null)}: set it to the site's https origin ` +
        "(links in emails, allowed origins and Stripe return URLs use it).",
    );
  }
  const support = emailDomain(vars.SUPPORT_EMAIL);
  if (!support || isPlaceholderHost(support)) {
    problems.push(
      `SUPPORT_EMAIL is ${JSON.stringify(vars.SUPPORT_EMAIL ?? null)}: set it to a mailbox someone reads ` +
        "(shown on /apply and in every page's footer).",
    );
  }
  const social = text(vars.SOCIAL_URL);
  if (social && parseUrl(social)?.protocol !== "https:") {
    problems.push(`SOCIAL_URL is ${JSON.stringify(social)}: set it to an https link, or empty to hide it.`);
  }
  if (vars.RATE_LIMIT_MULTIPLIER !== undefined && Number(vars.RATE_LIMIT_MULTIPLIER) !== 1) {
    problems.push(
      `RATE_LIMIT_MULTIPLIER is ${JSON.stringify(vars.RATE_LIMIT_MULTIPLIER)}: remove it (the tests raise ` +
        "the rate limits; production keeps them at 1).",
    );
  }
  const apiUrl = vars.EMAIL_API_URL === undefined ? undefined : parseUrl(vars.EMAIL_API_URL);
  if (apiUrl !== undefined && (!apiUrl || apiUrl.protocol !== "https:" || isLoopbackHost(apiUrl.hostname))) {
    problems.push(`EMAIL_API_URL is ${JSON.stringify(vars.EMAIL_API_URL)}: set it to the email API's https URL.`);
  }
  if (vars.EMAIL_FROM !== undefined) {
    const from = emailDomain(vars.EMAIL_FROM);
    if (!from || isPlaceholderHost(from)) {
      problems.push(
        `EMAIL_FROM is ${JSON.stringify(vars.EMAIL_FROM)}: set it to an address on a domain your email ` +
          "provider has verified.",
      );
    }
  }
  for (const name of SECRET_ONLY.filter((key) => vars[key] !== undefined)) {
    problems.push(
      `${name} is in wrangler.toml [vars], which is committed: remove it there and set it with ${SECRET_PUT(name)}.`,
    );
  }
  return problems;
}

function databaseProblems(databases: DeploySettings["databases"]): string[] {
  const db = databases.find((database) => database.binding === "DB");
  if (!db) return ['No D1 database bound as "DB" in wrangler.toml [[d1_databases]].'];
  if (!db.database_id || /^[0-]+$/.test(db.database_id)) {
    return [
      `D1 database_id is ${JSON.stringify(db.database_id ?? null)}: run \`npx wrangler d1 create cardshare\` ` +
        "and put the database_id it prints in wrangler.toml [[d1_databases]].",
    ];
  }
  return [];
}

/**
 * Notifications are sent from a queue (ADR 180): the Worker must produce to it, consume it with
 * retries and a dead-letter queue, and consume that one too (it records what was given up on).
 */
function queueProblems(queues: DeploySettings["queues"]): string[] {
  const { binding, queue, deadLetter } = NOTIFICATION_QUEUE;
  const problems: string[] = [];
  if (!queues.producers?.some((producer) => producer.binding === binding && producer.queue === queue)) {
    problems.push(
      `No queue producer "${binding}" for "${queue}" in wrangler.toml [[queues.producers]]: no notification would be sent.`,
    );
  }
  const consumer = queues.consumers?.find((entry) => entry.queue === queue);
  if (!consumer) {
    problems.push(`No [[queues.consumers]] for "${queue}" in wrangler.toml: notifications would wait forever.`);
  } else if (consumer.dead_letter_queue !== deadLetter || !consumer.max_retries) {
    problems.push(
      `The consumer of "${queue}" needs max_retries and dead_letter_queue = "${deadLetter}": a failing mail would be lost.`,
    );
  }
  if (!queues.consumers?.some((entry) => entry.queue === deadLetter)) {
    problems.push(
      `No [[queues.consumers]] for "${deadLetter}" in wrangler.toml: given-up notifications would go unrecorded.`,
    );
  }
  if (problems.length > 0) {
    problems.push(
      `Create the queues once with \`npx wrangler queues create ${queue}\` and \`npx wrangler queues create ${deadLetter}\`.`,
    );
  }
  return problems;
}

/**
 * What the Worker's secrets (or, for the ones that need not be secret, its vars) lack. Google and
 * Stripe are optional, but only as pairs: tips are meant to be on once either Stripe value is set.
 */
function secretReport(vars: Record<string, unknown>, secrets: DeploySettings["secrets"]): DeployReport {
  const listed = new Set("names" in secrets ? secrets.names : []);
  const isSet = (name: string) => listed.has(name) || text(vars[name]) !== undefined;
  const missing = (names: readonly string[]) => names.filter((name) => !isSet(name));
  const problems = TEST_ONLY.filter(isSet).map(
    (name) =>
      `${name} is set: it only points the app at the tests' local fakes; remove it ` +
      `(\`npx wrangler secret delete ${name}\` or wrangler.toml [vars]).`,
  );
  if ("unavailable" in secrets) {
    const warning =
      `Secrets not checked: could not list them (${secrets.unavailable}). Make sure SESSION_SECRET, ` +
      `${EMAIL_SET.join(", ")} are set, and ${STRIPE_PAIR.join(" + ")} for tips.`;
    return { problems, warnings: [warning] };
  }
  const warnings: string[] = [];
  if (!isSet("SESSION_SECRET")) {
    problems.push(`SESSION_SECRET is not set: ${SECRET_PUT("SESSION_SECRET")} with a long random value.`);
  }
  for (const name of missing(EMAIL_SET)) {
    problems.push(`${name} is not set: production cannot send email without it (${SECRET_PUT(name)}).`);
  }
  const stripeMissing = missing(STRIPE_PAIR);
  if (stripeMissing.length === STRIPE_PAIR.length) {
    warnings.push(`Tips are off: neither ${STRIPE_PAIR.join(" nor ")} is set (set both to take tips).`);
  } else {
    for (const name of stripeMissing) {
      problems.push(`${name} is not set, but its Stripe partner is: tips need both (${SECRET_PUT(name)}).`);
    }
  }
  const pairs = [
    [GOOGLE_PAIR, "Google", "Google sign-in"],
    [VAPID_PAIR, "VAPID", "Web Push"],
  ] as const;
  for (const [pair, partner, feature] of pairs) {
    const pairMissing = missing(pair);
    if (pairMissing.length !== 1) continue;
    const [name] = pairMissing;
    problems.push(`${name} is not set, but its ${partner} partner is: ${feature} needs both (${SECRET_PUT(name)}).`);
  }
  if (!isSet("SENTRY_DSN")) {
    warnings.push(`SENTRY_DSN is not set: errors are reported nowhere but the logs (${SECRET_PUT("SENTRY_DSN")}).`);
  }
  return { problems, warnings };
}

/** Every problem and warning about the settings and secrets a deploy would ship. */
export function deployReport(settings: DeploySettings): DeployReport {
  const { vars } = settings;
  const secrets = secretReport(vars, settings.secrets);
  const social = text(vars.SOCIAL_URL);
  const socialWarnings =
    social === SHIPPED_SOCIAL_URL
      ? [
          `SOCIAL_URL is still the shipped ${social}: point it at the product's own account, or set it empty ` +
            "to hide the footer link.",
        ]
      : [];
  return {
    problems: [
      ...databaseProblems(settings.databases),
      ...queueProblems(settings.queues),
      ...varProblems(vars),
      ...secrets.problems,
    ],
    warnings: [...socialWarnings, ...secrets.warnings],
  };
}

/** Lists the names of the Worker's secrets; throws when Cloudflare cannot be asked. */
export type SecretLister = (configPath: string) => Promise<string[]>;

/** Reads the settings wrangler would deploy from `configPath`, asks `listSecrets`, and reports. */
export async function checkDeploy(configPath: string, listSecrets: SecretLister): Promise<DeployReport> {
  // wrangler's own config reader, so the check sees exactly what `wrangler deploy` sees.
  const config = unstable_readConfig({ config: configPath });
  let secrets: DeploySettings["secrets"];
  try {
    secrets = { names: await listSecrets(configPath) };
  } catch (error) {
    secrets = { unavailable: error instanceof Error ? error.message : String(error) };
  }
  return deployReport({ vars: config.vars, databases: config.d1_databases, queues: config.queues, secrets });
}
