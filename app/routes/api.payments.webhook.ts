import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordTipFromWebhook } from "~/modules/payments/webhook.server";
import { apiRoute, apiSuccess, methodNotAllowed } from "~/utils/api.server";
import { getServices } from "~/utils/services.server";

/**
 * POST /api/payments/webhook: Stripe's event deliveries. The signature covers the exact bytes, so
 * the body is read raw. A bad, missing or stale signature is a 400 and records nothing; events
 * we do not use are acknowledged so Stripe stops retrying them.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const outcome = await recordTipFromWebhook(
      getServices(context),
      await request.text(),
      request.headers.get("Stripe-Signature"),
    );
    return apiSuccess({ received: true, status: outcome.status });
  });
}
