/**
 * Starting a tip: a Stripe Checkout session (or the local test checkout in development without a
 * key). Shared by POST /tips/checkout (the <TipOptions/> form) and the /api payment routes.
 */
import { eq } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import type { Services } from "~/utils/services.server";
import { PAYMENT_MESSAGES, TIP_CURRENCY, type TipAmount } from "./schemas";
import { createStripeClient, tipsMode } from "./stripe.server";
import { createTestCheckoutSession } from "./test-checkout.server";
import { REFERRAL_NOT_FOUND } from "~/utils/messages";

export interface TipCheckoutInput {
  amount: TipAmount;
  referralId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface Tipper {
  id: string;
  email: string;
}

/** The return URLs of the tip pages on our own origin (docs/product.md#tip-pages). */
export function tipReturnUrls(services: Services, amount: TipAmount) {
  return {
    successUrl: new URL(`/payment-success?amount=${amount}`, services.env.APP_ORIGIN).toString(),
    cancelUrl: new URL("/payment-cancel", services.env.APP_ORIGIN).toString(),
  };
}

function isOwnOrigin(services: Services, url: string) {
  try {
    return new URL(url).origin === new URL(services.env.APP_ORIGIN).origin;
  } catch {
    return false;
  }
}

async function checkInput(services: Services, input: TipCheckoutInput) {
  if (tipsMode(services.env) === "off") throw new DomainError(503, PAYMENT_MESSAGES.unavailable);
  const foreign = (["successUrl", "cancelUrl"] as const).filter((field) => !isOwnOrigin(services, input[field]));
  if (foreign.length > 0) {
    throw new DomainError(
      400,
      PAYMENT_MESSAGES.foreignUrl,
      Object.fromEntries(foreign.map((field) => [field, PAYMENT_MESSAGES.foreignUrl])),
    );
  }
  await assertReferralExists(services, input.referralId);
}

/** A tip may name the referral it thanks for; it must be a real one. */
async function assertReferralExists(services: Services, referralId: string | null) {
  if (!referralId) return;
  const referral = await services.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
  if (!referral) throw new DomainError(404, REFERRAL_NOT_FOUND, { referralId: REFERRAL_NOT_FOUND });
}

/**
 * Creates the checkout session for a tip and returns where to send the browser. The tip is not
 * recorded here: only the verified webhook records it.
 */
export async function createTipCheckout(
  services: Services,
  tipper: Tipper,
  input: TipCheckoutInput,
): Promise<{ sessionId: string; sessionUrl: string }> {
  await checkInput(services, input);
  const stripe = createStripeClient(services.env);
  if (!stripe) {
    return createTestCheckoutSession(services, {
      amount: input.amount * 100,
      currency: TIP_CURRENCY,
      userId: tipper.id,
      referralId: input.referralId,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
  }
  try {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: TIP_CURRENCY,
            unit_amount: input.amount * 100,
            product_data: { name: `Cardshare tip ($${input.amount})` },
          },
        },
      ],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: tipper.id,
      customer_email: tipper.email,
      metadata: { userId: tipper.id, referralId: input.referralId ?? "" },
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { sessionId: session.id, sessionUrl: session.url };
  } catch (error) {
    console.error("Stripe checkout session failed", error);
    throw new DomainError(502, PAYMENT_MESSAGES.failed);
  }
}

/**
 * A PaymentIntent for API clients that collect the card themselves (Stripe Elements). Only Checkout
 * tips are recorded, from the webhook; this needs a Stripe key.
 */
export async function createTipPaymentIntent(
  services: Services,
  tipper: Tipper,
  input: { amount: TipAmount; referralId: string | null },
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const stripe = createStripeClient(services.env);
  if (!stripe) throw new DomainError(503, PAYMENT_MESSAGES.unavailable);
  await assertReferralExists(services, input.referralId);
  try {
    const intent = await stripe.paymentIntents.create({
      amount: input.amount * 100,
      currency: TIP_CURRENCY,
      automatic_payment_methods: { enabled: true },
      metadata: { userId: tipper.id, referralId: input.referralId ?? "" },
    });
    if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a secret`);
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
  } catch (error) {
    console.error("Stripe payment intent failed", error);
    throw new DomainError(502, PAYMENT_MESSAGES.failed);
  }
}
