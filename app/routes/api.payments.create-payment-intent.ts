import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createTipPaymentIntent } from "~/modules/payments/checkout.server";
import { TipFormSchema } from "~/modules/payments/schemas";
import { apiRoute, apiSuccess, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** POST /api/payments/create-payment-intent {amount, referralId?}: for clients using Stripe Elements. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const input = await parseJsonBody(request, TipFormSchema);
    return apiSuccess(await createTipPaymentIntent(getServices(context), user, input));
  });
}
