/**
 * Starting a tip: a Stripe Checkout session (or the local test checkout in development without a
 * key). Shared by POST /tips/checkout (the <TipOptions/> form) and the /api payment routes.
 */
import { eq } from "drizzle-orm";
import { referrals, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { PAYMENT_MESSAGES, TIP_CURRENCY, type TipAmount } from "./schemas";
import { createStripeClient, tipsMode } from "./stripe.server";
import { createTestCheckoutSession } from "./test-checkout.server";
import { REFERRAL_NOT_FOUND, USER_NOT_FOUND } from "~/utils/messages";

export interface TipCheckoutInput {
  amount: TipAmount;
  referralId: string | null;
  successUrl: string;
  cancelUrl: string;
}

type CheckoutCtx = Pick<Ctx, "db" | "env" | "actor">;

/** The return URLs of the tip pages on our own origin (docs/product.md#tip-pages). */
export function tipReturnUrls(ctx: Pick<Ctx, "env">, input: { amount: TipAmount }) {
  return {
    successUrl: new URL(`/payment-success?amount=${input.amount}`, ctx.env.APP_ORIGIN).toString(),
    cancelUrl: new URL("/payment-cancel", ctx.env.APP_ORIGIN).toString(),
  };
}

function isOwnOrigin(ctx: Pick<Ctx, "env">, url: string) {
  try {
    return new URL(url).origin === new URL(ctx.env.APP_ORIGIN).origin;
  } catch {
    return false;
  }
}

async function checkInput(ctx: CheckoutCtx, input: TipCheckoutInput) {
  if (tipsMode(ctx.env) === "off") throw new DomainError(503, PAYMENT_MESSAGES.unavailable);
  const foreign = (["successUrl", "cancelUrl"] as const).filter((field) => !isOwnOrigin(ctx, input[field]));
  if (foreign.length > 0) {
    throw new DomainError(
      400,
      PAYMENT_MESSAGES.foreignUrl,
      Object.fromEntries(foreign.map((field) => [field, PAYMENT_MESSAGES.foreignUrl])),
    );
  }
  await assertReferralExists(ctx, input.referralId);
}

/** A tip may name the referral it thanks for; it must be a real one. */
async function assertReferralExists(ctx: Pick<Ctx, "db">, referralId: string | null) {
  if (!referralId) return;
  const referral = await ctx.db.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, referralId)).get();
  if (!referral) throw new DomainError(404, REFERRAL_NOT_FOUND, { referralId: REFERRAL_NOT_FOUND });
}

/** The acting member as Stripe knows a tipper: their id and the address the receipt goes to. */
async function tipperOf(ctx: Pick<Ctx, "db" | "actor">) {
  const { id } = requireActor(ctx);
  const row = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)).get();
  if (!row) throw new DomainError(404, USER_NOT_FOUND);
  return { id, email: row.email };
}

/**
 * Creates the checkout session for the acting member's tip and returns where to send the browser.
 * The tip is not recorded here: only the verified webhook records it.
 */
export async function createTipCheckout(
  ctx: CheckoutCtx,
  input: TipCheckoutInput,
): Promise<{ sessionId: string; sessionUrl: string }> {
  await checkInput(ctx, input);
  const tipper = await tipperOf(ctx);
  const stripe = createStripeClient(ctx.env);
  if (!stripe) {
    return createTestCheckoutSession(ctx, {
      amount: input.amount * 100,
      currency: TIP_CURRENCY,
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
  ctx: CheckoutCtx,
  input: { amount: TipAmount; referralId: string | null },
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const tipper = requireActor(ctx);
  const stripe = createStripeClient(ctx.env);
  if (!stripe) throw new DomainError(503, PAYMENT_MESSAGES.unavailable);
  await assertReferralExists(ctx, input.referralId);
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
