/**
 * The one wrapper around Stripe: the official SDK with its fetch HTTP client, built per request
 * from the environment. STRIPE_API_HOST/PORT/PROTOCOL point the real SDK at a local fake in tests.
 */
import Stripe from "stripe";
import { isDevelopment, type AppEnv } from "~/utils/env.server";

/**
 * How tips work in this environment: through Stripe when a key is set; through the local test
 * checkout in development without a key; not at all in production without a key.
 */
export type TipsMode = "stripe" | "test" | "off";

export function tipsMode(env: AppEnv): TipsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return isDevelopment(env) ? "test" : "off";
}

/** A Stripe client for this request, or null when no key is configured. */
export function createStripeClient(env: AppEnv): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
    // Workers have no telemetry use for the SDK's per-request metrics header.
    telemetry: false,
    timeout: 15_000,
    maxNetworkRetries: 1,
  });
}

/** Workers have no Node crypto: webhook signatures are checked and made with WebCrypto. */
export const webhookCrypto = () => Stripe.createSubtleCryptoProvider();

/** Stripe's webhook helpers (signature check and the test header), which need no API key. */
export const stripeWebhooks = () => Stripe.webhooks;

const encoder = new TextEncoder();

/**
 * The secret webhook signatures are checked with. With Stripe that is STRIPE_WEBHOOK_SECRET. The
 * local test checkout (development without a key) signs its events with a secret derived from
 * SESSION_SECRET, so nobody can forge them without it and production never accepts them.
 */
export async function webhookSecret(env: AppEnv): Promise<string | null> {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  if (tipsMode(env) !== "test") return null;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(env.SESSION_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode("cardshare-local-test-checkout")));
  return `whsec_local_${Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
