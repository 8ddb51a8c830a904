import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

/**
 * Every variable the Worker reads, parsed once per request. Bindings (DB, Durable Objects) are
 * typed by `Env`; this schema covers the plain variables and secrets (.dev.vars.example).
 */
export const EnvSchema = z.object({
  ENVIRONMENT: z.enum(["development", "production"]).default("production"),
  APP_ORIGIN: z.url({ message: "APP_ORIGIN must be the app's own origin, e.g. https://cardshare.example" }),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters"),
  SUPPORT_EMAIL: z.email({ message: "SUPPORT_EMAIL must be an email address" }),
  SOCIAL_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Google's OAuth endpoints; tests point them at a local fake. */
  GOOGLE_AUTH_URL: optionalString,
  GOOGLE_TOKEN_URL: optionalString,
  GOOGLE_USERINFO_URL: optionalString,
  GOOGLE_TOKENINFO_URL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its API calls (default: Stripe's own); tests point it at a local fake. */
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_API_PROTOCOL: z
    .enum(["http", "https"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  EMAIL_API_URL: optionalString,
  EMAIL_API_KEY: optionalString,
  EMAIL_FROM: optionalString,
  /**
   * Web Push's VAPID key pair (RFC 8292, ADR 181): the public key as browsers take it (base64url of
   * the 65-byte P-256 point) and the private scalar `d` (base64url). Without both, push is off.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /** The first retry's delay of a failed notification, doubled each try (ADR 180); the tests use 0. */
  NOTIFICATION_RETRY_SECONDS: z.coerce.number().min(0).default(30),
  /** Where unexpected errors are reported (Sentry); without it nothing is sent (ADR 065). */
  SENTRY_DSN: optionalString,
});

export type AppEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

const ENV_KEYS = Object.keys(EnvSchema.shape) as (keyof AppEnv)[];
/**
 * Parsed environments by their raw values. The variables are the same for every request an
 * isolate serves, but the env object is not always (environmentForRequest, the bench's D1 meter),
 * and parsing it cost every request ~1.6 ms (twice, bench/profile.ts).
 */
const parsed = new Map<string, AppEnv>();
const parsedObjects = new WeakMap<object, AppEnv>();

/** Parses the Worker's environment; the error names every missing or invalid variable. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  // A Worker's env is one object for every request of an isolate: known by identity first.
  const same = parsedObjects.get(raw);
  if (same) return same;
  const key = JSON.stringify(ENV_KEYS.map((name) => raw[name] ?? null));
  const known = parsed.get(key);
  if (known) {
    parsedObjects.set(raw, known);
    return known;
  }
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration. ${problems.join("; ")}`);
  }
  // A handful of distinct environments per isolate at most (tests vary a variable or two).
  if (parsed.size >= 16) parsed.clear();
  const env = Object.freeze(result.data);
  parsed.set(key, env);
  parsedObjects.set(raw, env);
  return env;
}

export const isDevelopment = (env: Pick<AppEnv, "ENVIRONMENT">) => env.ENVIRONMENT === "development";

/** Hosts only this machine reaches: where `npm start`, `wrangler dev` and the tests serve the app. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * The variables one request runs with. Production is the safe default: development features (the
 * email outbox at /dev/mail, the local test checkout) exist only when ENVIRONMENT=development AND
 * the request came to a loopback host. Anywhere else a Worker configured for development answers
 * as production, so a deploy that ships the development setting exposes nothing.
 */
export function environmentForRequest<E extends object>(env: E, url: URL): E {
  if ((env as { ENVIRONMENT?: unknown }).ENVIRONMENT !== "development") return env;
  if (isLoopbackHost(url.hostname)) return env;
  return { ...env, ENVIRONMENT: "production" };
}
