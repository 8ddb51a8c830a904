import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { recordTipFromWebhook } from "~/modules/payments/webhook.server";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Stripe's event deliveries (signed; no session)",
    description:
      "The signature covers the exact bytes, so the body is read raw. A bad, missing or stale signature is a 400 " +
      "and records nothing; events we do not use are acknowledged so Stripe stops retrying them.",
    access: "anyone",
    bodyFormat: "text",
    // Stripe's events are a few KB; room for larger ones (expanded objects) without taking megabytes.
    bodyLimit: 256 * 1024,
    response: z.object({ received: z.literal(true), status: z.enum(["recorded", "duplicate", "ignored"]) }),
    async run({ ctx, text, request }) {
      const outcome = await recordTipFromWebhook(ctx, {
        rawBody: text,
        signature: request.headers.get("Stripe-Signature"),
      });
      return { received: true as const, status: outcome.status };
    },
  }),
});
export const action = loader;
