import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:pb-24">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-8 rounded-card bg-brand-700 px-6 py-12 sm:px-12 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
            Ready to make your next referral count?
          </h2>
          <p className="mt-3 leading-7 text-brand-100">
            Join free in under a minute. Apply with a referral that shares the bonus, or publish your own link for
            people who are ready to apply.
          </p>
        </div>
        <Link to="/auth?tab=register" className={buttonClass("inverse", "lg", "w-full shrink-0 sm:w-auto")}>
          Join Cardshare for free
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </section>
  );
}
