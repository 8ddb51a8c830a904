import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** The tip amounts of spec section 9, in US dollars. */
export const TIP_AMOUNTS = [1, 3, 5] as const;
export const TIP_CHECKOUT_PATH = "/tips/checkout";

/**
 * The $1/$3/$5 tip buttons: a plain form post to /tips/checkout, which answers with a redirect to
 * the checkout page, so tipping works without JavaScript. Shown in the apply dialog's last step and
 * on applications whose status is successful, submitted or approved.
 */
export function TipOptions({ referralId, label = "Tip the platform" }: { referralId?: string | null; label?: string }) {
  const navigation = useNavigation();
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
