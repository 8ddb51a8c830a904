import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CircleX } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageLoader } from "~/http/page-loader.server";
import { PaymentResultPage } from "~/modules/payments/result-page";
import { PAYMENT_MESSAGES } from "~/modules/payments/schemas";

/** Where Stripe sends the browser when the tipper cancels. Nothing was charged or recorded. */
export const loader = pageLoader({
  access: "anyone",
  run: async () => ({
    toast: { id: "payment-cancel", type: "message" as const, description: PAYMENT_MESSAGES.cancelled },
  }),
});

export default function PaymentCancel() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <PaymentResultPage
      toast={toast}
      title="Payment cancelled"
      icon={<CircleX aria-hidden className="size-12 text-muted" />}
    >
      <p>No payment was made. You can tip any time from your applications.</p>
    </PaymentResultPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Payment cancelled - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
