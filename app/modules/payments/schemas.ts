import { z } from "zod";

/** The tip amounts, in US dollars (docs/product.md#tips). */
export const TIP_AMOUNTS = [1, 3, 5] as const;
export type TipAmount = (typeof TIP_AMOUNTS)[number];

export const TIP_CURRENCY = "usd";

/** The payment texts (docs/product.md#payment-texts). */
export const PAYMENT_MESSAGES = {
  failed: "Unable to process payment. Please try again later.",
  success: "Payment successful! Thank you for your support.",
  cancelled: "Payment was cancelled.",
  invalidAmount: "Choose a tip of $1, $3 or $5.",
  foreignUrl: "Return URLs must be on this site.",
  notYou: "You can only pay for yourself.",
  unavailable: "Tips are not available.",
  invalidSignature: "Webhook signature verification failed.",
} as const;

/** One of $1, $3, $5, from a number or a form field's string. */
export const TipAmountSchema = z.coerce
  .number({ message: PAYMENT_MESSAGES.invalidAmount })
  .refine((value): value is TipAmount => (TIP_AMOUNTS as readonly number[]).includes(value), {
    message: PAYMENT_MESSAGES.invalidAmount,
  })
  .transform((value) => value as TipAmount);

const referralId = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => value || null);

/** POST /tips/checkout (the <TipOptions/> form) and POST /api/payments/create-payment-intent. */
export const TipFormSchema = z.object({ amount: TipAmountSchema, referralId });

/** POST /api/payments/create-checkout-session (docs/product.md#paths). */
export const CheckoutSessionRequestSchema = z.object({
  amount: TipAmountSchema,
  userId: z.string({ error: "The person to tip is required" }).min(1, "The person to tip is required"),
  referralId,
  successUrl: z.url({ error: "The success address must be a full web address" }),
  cancelUrl: z.url({ error: "The cancel address must be a full web address" }),
});
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequestSchema>;

/** `/payment-success?amount=`: the dollars to show, or null when the parameter is not a tip amount. */
export function tipAmountFromQuery(value: string | null): TipAmount | null {
  const parsed = TipAmountSchema.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}
