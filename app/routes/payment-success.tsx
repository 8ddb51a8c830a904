import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CircleCheck } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageLoader } from "~/http/page-loader.server";
import { PaymentResultPage } from "~/modules/payments/result-page";
import { PAYMENT_MESSAGES, tipAmountFromQuery } from "~/modules/payments/schemas";

/** Where Stripe sends the browser after paying. It records nothing: the webhook does. */
export const loader = pageLoader({
  access: "anyone",
  // Any value: one that is not a tip amount just leaves the amount out of the page.
  query: z.object({ amount: z.string().optional() }),
  run: async ({ query }) => ({
    amount: tipAmountFromQuery(query.amount ?? null),
    toast: { id: "payment-success", type: "success" as const, description: PAYMENT_MESSAGES.success },
  }),
});

export default function PaymentSuccess() {
  const { amount, toast } = useLoaderData<typeof loader>();
  return (
    <PaymentResultPage
      toast={toast}
      title="Thank you!"
      icon={<CircleCheck aria-hidden className="size-12 text-success-700" />}
    >
      <p>{amount ? `Your tip of $${amount} was processed.` : "Your tip was processed."}</p>
      <p className="mt-2">It helps keep Cardshare free for everyone.</p>
    </PaymentResultPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Payment successful - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
