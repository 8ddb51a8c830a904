import { Form, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";
import { TIP_AMOUNTS } from "./schemas";

export { TIP_AMOUNTS };
export const TIP_CHECKOUT_PATH = "/tips/checkout";

/**
 * Whether tips can be paid here: the root loader decides once per request (a Stripe key, or the
 * local test checkout in development); production without a key hides every tip button.
 */
export function useTipsEnabled() {
  return useRouteLoaderData<typeof rootLoader>("root")?.tipsEnabled ?? false;
}

/**
 * The $1/$3/$5 tip buttons: a plain form post to /tips/checkout, which answers with a redirect to
 * the checkout page, so tipping works without JavaScript. Shown in the apply dialog's last step and
 * on applications whose status is successful, submitted or approved. Renders nothing when tips
 * are not available.
 */
export function TipOptions({ referralId, label = "Tip the platform" }: { referralId?: string | null; label?: string }) {
  const navigation = useNavigation();
  const enabled = useTipsEnabled();
  if (!enabled) return null;
  const pending = navigation.state !== "idle" && navigation.formAction === TIP_CHECKOUT_PATH;
  return (
    <Form method="post" action={TIP_CHECKOUT_PATH} className="flex flex-wrap items-center gap-2">
      {referralId ? <input type="hidden" name="referralId" value={referralId} /> : null}
      <span className="text-sm text-muted">{label}</span>
      {TIP_AMOUNTS.map((amount) => (
        <Button
          key={amount}
          type="submit"
          name="amount"
          value={amount}
          variant="secondary"
          size="sm"
          disabled={pending}
        >
          ${amount}
        </Button>
      ))}
    </Form>
  );
}
