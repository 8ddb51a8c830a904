/**
 * Recording a tip: the single code path for Stripe's webhook and the local test checkout. A tip
 * exists only once a `checkout.session.completed` event's signature has verified, and is written at
 * most once per event and per checkout session (unique indexes, INSERT ... ON CONFLICT DO NOTHING),
 * however many times or however concurrently the event arrives.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import { tips } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import type { Ctx } from "~/core/context.server";
import { PAYMENT_MESSAGES } from "./schemas";
import { stripeWebhooks, webhookCrypto, webhookSecret } from "./stripe.server";

export type WebhookOutcome =
  { status: "recorded"; tipId: string } | { status: "duplicate" } | { status: "ignored"; reason: string };

/** Checks the signature (and its timestamp, 5 minutes' tolerance) and returns the event. */
async function verifiedEvent(ctx: Pick<Ctx, "env">, rawBody: string, signature: string | null): Promise<Stripe.Event> {
  const secret = await webhookSecret(ctx.env);
  // Every delivery fails until the operator sets the secret: say so where they will look.
  if (!secret) console.error("Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
  if (!secret || !signature) throw new DomainError(400, PAYMENT_MESSAGES.invalidSignature);
  try {
    return await stripeWebhooks().constructEventAsync(rawBody, signature, secret, undefined, webhookCrypto());
  } catch {
    throw new DomainError(400, PAYMENT_MESSAGES.invalidSignature);
  }
}

/**
 * Verifies a webhook delivery and records the tip it reports. Nobody is signed in (Stripe is
 * calling), so no actor is read: the signature is the authority. The amount and currency are Stripe's
 * (`amount_total`, `currency`), never the return URL's; the tipper and referral come from the
 * metadata we set when creating the session, and are kept only if they still exist.
 */
export async function recordTipFromWebhook(
  ctx: Pick<Ctx, "db" | "env">,
  input: { rawBody: string; signature: string | null },
): Promise<WebhookOutcome> {
  const event = await verifiedEvent(ctx, input.rawBody, input.signature);
  if (event.type !== "checkout.session.completed") return { status: "ignored", reason: event.type };
  const session = event.data.object;
  if (session.payment_status !== "paid" || session.amount_total == null || !session.currency) {
    return { status: "ignored", reason: `payment ${session.payment_status}` };
  }
  const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
  const referralId = session.metadata?.referralId || null;
  const inserted = await ctx.db
    .insert(tips)
    .values({
      userId: userId ? sql`(select id from users where id = ${userId})` : null,
      referralId: referralId ? sql`(select id from referrals where id = ${referralId})` : null,
      amount: session.amount_total,
      currency: session.currency,
      stripeEventId: event.id,
      stripeSessionId: session.id,
    })
    .onConflictDoNothing()
    .returning({ id: tips.id });
  return inserted[0] ? { status: "recorded", tipId: inserted[0].id } : { status: "duplicate" };
}
