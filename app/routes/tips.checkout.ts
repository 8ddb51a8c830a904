import { redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import { formResource, intent, type IntentArgs } from "~/http/form-action.server";
import { createTipCheckout, tipReturnUrls } from "~/modules/payments/checkout.server";
import { PAYMENT_MESSAGES, TipFormSchema } from "~/modules/payments/schemas";
import { safeRedirect } from "~/utils/redirect";

/** The same-site page the tip form was on, to come back to with an error or after signing in. */
function pageOfForm(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer) return "/dashboard";
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return "/dashboard";
    return safeRedirect(`${url.pathname}${url.search}`, "/dashboard");
  } catch {
    return "/dashboard";
  }
}

/**
 * POST /tips/checkout, the <TipOptions/> form (docs/product.md#tip-pages): creates the checkout
 * session and sends the browser to it (Stripe's page, or the local test checkout). Every other
 * outcome goes back to the form's page with a toast, also with JavaScript on (the form navigates),
 * so it works the same either way.
 */
export const action = formResource({
  access: "member",
  backTo: pageOfForm,
  redirectAlways: true,
  intents: {
    default: intent({
      schema: TipFormSchema,
      unexpectedMessage: PAYMENT_MESSAGES.failed,
      run: async ({ ctx, user, value }: IntentArgs<"member", z.output<typeof TipFormSchema>>) => {
        const { sessionUrl } = await createTipCheckout(ctx, user, { ...value, ...tipReturnUrls(ctx, value.amount) });
        return redirect(sessionUrl, 303);
      },
    }),
  },
});
export const loader = action;
