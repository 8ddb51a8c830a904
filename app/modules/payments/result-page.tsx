import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { NoScriptToast, useFlashToast } from "~/components/layout/toaster";
import { buttonClass } from "~/components/ui/button";
import type { Toast } from "~/utils/toast";

/**
 * The tip result pages (/payment-success, /payment-cancel): the spec's toast, a short message and
 * links to /dashboard and /. They only show; recording a tip is the webhook's job.
 */
export function PaymentResultPage({
  toast,
  icon,
  title,
  children,
}: {
  toast: Toast;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  useFlashToast(toast);
  return (
    <>
      <NoScriptToast toast={toast} />
      <section
        aria-labelledby="payment-title"
        className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      >
        {icon}
        <h1 id="payment-title" className="mt-4 text-3xl font-semibold tracking-tight">
          {title}
        </h1>
        <div className="mt-4 text-muted">{children}</div>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard" className={buttonClass("primary")}>
            Go to Dashboard
          </Link>
          <Link to="/" className={buttonClass("secondary")}>
            Back to Home
          </Link>
        </div>
      </section>
    </>
  );
}
