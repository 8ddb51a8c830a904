import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { createTipPaymentIntent } from "~/modules/payments/checkout.server";
import { TipFormSchema } from "~/modules/payments/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "A PaymentIntent for clients using Stripe Elements (not recorded as a tip)",
    access: "member",
    body: TipFormSchema,
    response: z.object({ clientSecret: z.string(), paymentIntentId: z.string() }),
    errors: [404, 502, 503],
    async run({ ctx, body }) {
      return createTipPaymentIntent(ctx, body);
    },
  }),
});
export const action = loader;
