import { redirect } from "@remix-run/cloudflare";
import { formResource, intent } from "~/http/form-action.server";
import { createTipCheckout, tipReturnUrls } from "~/modules/payments/checkout.server";
import { PAYMENT_MESSAGES, TipFormSchema } from "~/modules/payments/schemas";

/**
 * POST /tips/checkout, the <TipOptions/> form (docs/product.md#tip-pages): creates the checkout
 * session and sends the browser to it (Stripe's page, or the local test checkout). The form is a
 * plain browser post, so any other outcome goes back to the form's page (its `redirectTo`) with a
 * toast, and visitors sign in first.
 */
export const action = formResource({
  access: "member",
  backTo: "/dashboard",
  intents: {
    default: intent.member({
      schema: TipFormSchema,
      unexpectedMessage: PAYMENT_MESSAGES.failed,
      run: async ({ ctx, value }) => {
        const { sessionUrl } = await createTipCheckout(ctx, { ...value, ...tipReturnUrls(ctx, value) });
        return redirect(sessionUrl, 303);
      },
    }),
  },
});
export const loader = action;
