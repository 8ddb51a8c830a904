import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createTipCheckout } from "~/modules/payments/checkout.server";
import { CheckoutSessionRequestSchema, PAYMENT_MESSAGES } from "~/modules/payments/schemas";
import { apiRoute, apiSuccess, assertSelf, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/**
 * POST /api/payments/create-checkout-session {amount, userId, referralId, successUrl, cancelUrl}:
 * `sessionUrl` is where the client sends the browser. userId must be the caller's own.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const { userId, ...input } = await parseJsonBody(request, CheckoutSessionRequestSchema);
    assertSelf(userId, user.id, PAYMENT_MESSAGES.notYou, "userId");
    const { sessionId, sessionUrl } = await createTipCheckout(getServices(context), user, input);
    return apiSuccess({ sessionId, sessionUrl });
  });
}
