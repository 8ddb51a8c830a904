import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { TIP_AMOUNTS } from "./schemas";

export { TIP_AMOUNTS };
export const TIP_CHECKOUT_PATH = "/tips/checkout";

/**
 * Whether tips can be paid here: the root loader decides once per request (a Stripe key, or the
 * local test checkout in development); production without a key hides every tip button.
 */
export function useTipsEnabled() {
  // Typed by its shape: a domain imports no route, root.tsx included (ADR 091).
  return useRouteLoaderData<{ tipsEnabled: boolean }>("root")?.tipsEnabled ?? false;
}

/**
 * The $1/$3/$5 tip buttons: a plain browser post to /tips/checkout (also with JavaScript on: the
 * checkout is another site), which answers with a redirect to the checkout page, or back here with
 * a toast. Shown in the apply dialog's last step and on applications whose status is successful,
 * submitted or approved. Renders nothing when tips are not available.
 */
export function TipOptions({ referralId, label = "Tip the platform" }: { referralId?: string | null; label?: string }) {
  const location = useLocation();
  const enabled = useTipsEnabled();
  if (!enabled) return null;
  return (
    <Form method="post" action={TIP_CHECKOUT_PATH} reloadDocument className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {referralId ? <input type="hidden" name="referralId" value={referralId} /> : null}
      <span className="text-sm text-muted">{label}</span>
      {TIP_AMOUNTS.map((amount) => (
        <Button key={amount} type="submit" name="amount" value={amount} variant="secondary" size="sm">
          ${amount}
        </Button>
      ))}
    </Form>
  );
}
