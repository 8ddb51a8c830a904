import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { FlaskConical } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { formatMinorAmount } from "~/modules/payments/format";
import { payTestCheckout, readTestCheckoutSession } from "~/modules/payments/test-checkout.server";
import { DomainError } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** The session of the request's token for this user, or the error page (404) when there is none. */
async function sessionOf(request: Request, context: LoaderFunctionArgs["context"], token: string | null) {
  const user = await requireUser(request, context);
  try {
    return await readTestCheckoutSession(getServices(context), user.id, token);
  } catch (error) {
    if (error instanceof DomainError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("session");
  const session = await sessionOf(request, context, token);
  return { token, amount: formatMinorAmount(session.amount, session.currency) };
}

/** Pay sends the signed completion event through the webhook's code path; Cancel just goes back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const session = await sessionOf(request, context, String(form.get("session") ?? ""));
  if (form.get("intent") !== "pay") return redirect(session.cancelUrl, 303);
  return redirect(await payTestCheckout(getServices(context), session), 303);
}

/** Development without a Stripe key: a stand-in for Stripe's hosted checkout. */
export default function TestCheckout() {
  const { token, amount } = useLoaderData<typeof loader>();
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

export const meta: MetaFunction = () => [{ title: "Test checkout - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
