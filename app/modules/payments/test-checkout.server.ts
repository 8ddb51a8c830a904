/**
 * The local test checkout: development without a Stripe key. Creating a session gives a URL on our
 * own site whose signed token carries what Stripe would hold (amount, tipper, return URLs). Paying
 * builds the `checkout.session.completed` event Stripe would send, signs it with the webhook secret
 * and hands it to the same verification and recording code as the webhook route.
 */
import { z } from "zod";
import { createId } from "../../../db/id";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { fromBase64url, hmacKey, toBase64url } from "~/utils/crypto.server";
import { PAYMENT_MESSAGES } from "./schemas";
import { stripeWebhooks, tipsMode, webhookCrypto, webhookSecret } from "./stripe.server";
import { recordTipFromWebhook } from "./webhook.server";

export const TEST_CHECKOUT_PATH = "/tips/test-checkout";
const SESSION_LIFETIME_MS = 30 * 60 * 1000;

const TestSessionSchema = z.object({
  id: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  userId: z.string(),
  referralId: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  expiresAt: z.number(),
});
export type TestCheckoutSession = z.infer<typeof TestSessionSchema>;

const encoder = new TextEncoder();
const signingKey = (ctx: Pick<Ctx, "env">) => hmacKey(`${ctx.env.SESSION_SECRET}:test-checkout`);

function requireTestMode(ctx: Pick<Ctx, "env">) {
  if (tipsMode(ctx.env) !== "test") throw new DomainError(404, "Not found");
}

/**
 * The acting member's test checkout session and the URL of its page (what Stripe's `session.url`
 * would be).
 */
export async function createTestCheckoutSession(
  ctx: Pick<Ctx, "env" | "actor">,
  input: Omit<TestCheckoutSession, "id" | "expiresAt" | "userId">,
): Promise<{ sessionId: string; sessionUrl: string }> {
  const { id: userId } = requireActor(ctx);
  requireTestMode(ctx);
  const session: TestCheckoutSession = {
    ...input,
    userId,
    id: `cs_local_${createId()}`,
    expiresAt: Date.now() + SESSION_LIFETIME_MS,
  };
  const payload = encoder.encode(JSON.stringify(session));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(ctx), payload));
  const url = new URL(TEST_CHECKOUT_PATH, ctx.env.APP_ORIGIN);
  url.searchParams.set("session", `${toBase64url(payload)}.${toBase64url(mac)}`);
  return { sessionId: session.id, sessionUrl: url.toString() };
}

/**
 * The session behind a test checkout token, for the acting member who created it; a 404 when the
 * token is forged, expired or someone else's.
 */
export async function readTestCheckoutSession(
  ctx: Pick<Ctx, "env" | "actor">,
  input: { token: string | null },
): Promise<TestCheckoutSession> {
  const { id: userId } = requireActor(ctx);
  requireTestMode(ctx);
  const notFound = new DomainError(404, "This test checkout has expired. Please start again.");
  const [payloadPart, macPart] = (input.token ?? "").split(".");
  if (!payloadPart || !macPart) throw notFound;
  let session: TestCheckoutSession;
  try {
    const payload = fromBase64url(payloadPart);
    if (!(await crypto.subtle.verify("HMAC", await signingKey(ctx), fromBase64url(macPart), payload))) {
      throw notFound;
    }
    session = TestSessionSchema.parse(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    throw notFound;
  }
  if (session.expiresAt < Date.now() || session.userId !== userId) throw notFound;
  return session;
}

/**
 * Pays a test checkout: the signed `checkout.session.completed` event Stripe would deliver goes
 * through recordTipFromWebhook, exactly like a real delivery. Returns where Stripe would send the
 * browser next.
 */
export async function payTestCheckout(
  ctx: Pick<Ctx, "db" | "env">,
  input: { session: TestCheckoutSession },
): Promise<string> {
  const { session } = input;
  const secret = await webhookSecret(ctx.env);
  if (!secret) throw new DomainError(503, PAYMENT_MESSAGES.failed);
  const payload = JSON.stringify({
    id: `evt_local_${createId()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: session.amount,
        currency: session.currency,
        client_reference_id: session.userId,
        metadata: { userId: session.userId, referralId: session.referralId ?? "" },
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
      },
    },
  });
  const signature = await stripeWebhooks().generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: webhookCrypto(),
  });
  await recordTipFromWebhook(ctx, { rawBody: payload, signature });
  return session.successUrl;
}
