import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { createTipCheckout, tipReturnUrls } from "~/modules/payments/checkout.server";
import { PAYMENT_MESSAGES, TipFormSchema } from "~/modules/payments/schemas";
import { DomainError } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/redirect";
import { getServices } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";

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
 * POST /tips/checkout, the <TipOptions/> form: creates the checkout session and redirects the
 * browser to it (Stripe's page, or the local test checkout). Works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const back = pageOfForm(request);
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(`/auth?${new URLSearchParams({ redirectTo: back })}`);
  const services = getServices(context);
  const parsed = TipFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    throw await redirectWithToast(context, back, { type: "error", description: PAYMENT_MESSAGES.invalidAmount });
  }
  try {
    const { sessionUrl } = await createTipCheckout(services, user, {
      amount: parsed.data.amount,
      referralId: parsed.data.referralId,
      ...tipReturnUrls(services, parsed.data.amount),
    });
    return redirect(sessionUrl, 303);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The spec's default text, or the server's own message for a refusal the user can act on.
    const description = error.status >= 500 ? PAYMENT_MESSAGES.failed : error.message;
    throw await redirectWithToast(context, back, { type: "error", description });
  }
}
