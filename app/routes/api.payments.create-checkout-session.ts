import { z } from "zod";
import { assertSelf } from "~/core/actor";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { createTipCheckout } from "~/modules/payments/checkout.server";
import { CheckoutSessionRequestSchema, PAYMENT_MESSAGES } from "~/modules/payments/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Start a tip: a Stripe Checkout session; send the browser to sessionUrl",
    description:
      "userId must be the caller's own; the return URLs must be on this site. The tip is recorded by the webhook.",
    access: "member",
    body: CheckoutSessionRequestSchema,
    response: z.object({ sessionId: z.string(), sessionUrl: z.string() }),
    errors: [403, 404, 502, 503],
    async run({ ctx, user, body: { userId, ...input } }) {
      assertSelf(userId, user.id, PAYMENT_MESSAGES.notYou, "userId");
      const { sessionId, sessionUrl } = await createTipCheckout(ctx, input);
      return { sessionId, sessionUrl };
    },
  }),
});
export const action = loader;
