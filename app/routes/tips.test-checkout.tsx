import { redirect, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FlaskConical } from "lucide-react";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { formAction, intent, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { formatMinorAmount } from "~/modules/payments/format";
import { payTestCheckout, readTestCheckoutSession } from "~/modules/payments/test-checkout.server";
import { signedInMeta } from "~/utils/signed-in-meta";

/** The signed token of a test checkout session (a forged, expired or foreign one is a 404). */
const SessionToken = z.string().max(2048, "This test checkout has expired. Please start again.");

export const loader = pageLoader({
  access: "member",
  query: z.object({ session: SessionToken.optional() }),
  run: async ({ ctx, query: { session: token } }) => {
    const session = await readTestCheckoutSession(ctx, { token: token ?? null });
    return { token, amount: formatMinorAmount(session.amount, session.currency) };
  },
});

/** Pay sends the signed completion event through the webhook's code path; Cancel just goes back. */
const checkout = (pay: boolean) =>
  intent.member({
    schema: z.object({ session: SessionToken }),
    run: async ({ ctx, value }) => {
      const session = await readTestCheckoutSession(ctx, { token: value.session });
      return redirect(pay ? await payTestCheckout(ctx, { session }) : session.cancelUrl, 303);
    },
  });

export const action = formAction({ access: "member", intents: { pay: checkout(true), cancel: checkout(false) } });

/** Development without a Stripe key: a stand-in for Stripe's hosted checkout. */
export default function TestCheckout() {
  const { token, amount } = useLoaderData<typeof loader>();
  // Pay and Cancel leave the page: only a failure comes back.
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <section aria-labelledby="checkout-title" className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-card border border-warning-700/40 bg-warning-50 px-4 py-3 text-sm text-warning-700">
        <p className="flex items-center gap-2 font-semibold">
          <FlaskConical aria-hidden className="size-4" /> Test mode
        </p>
        <p className="mt-1">
          This is a local test checkout for development. No real payment is made and no card is charged.
        </p>
      </div>
      <div className="mt-6 rounded-card border border-line bg-surface p-6">
        <h1 id="checkout-title" className="text-2xl font-semibold tracking-tight">
          Test checkout
        </h1>
        <p className="mt-2 text-muted">Tip to Cardshare</p>
        <p className="mt-4 text-4xl font-semibold tabular">{amount}</p>
        {failure ? (
          <div className="mt-4">
            <FormMessage tone="error">{failure.message}</FormMessage>
          </div>
        ) : null}
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <input type="hidden" name="session" value={token ?? ""} />
          <Button type="submit" name="intent" value="pay" disabled={busy}>
            Pay {amount} (test)
          </Button>
          <Button type="submit" name="intent" value="cancel" variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </Form>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Test checkout - Cardshare", "A stand-in for Stripe Checkout where a tip is paid without a real card.");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
