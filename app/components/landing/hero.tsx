import { Link } from "@remix-run/react";
import { ArrowRight, CircleCheck } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { StarIcon } from "~/components/ui/star-icon";

const HIGHLIGHTS = ["Free to join", "Sharing terms shown up front", "Ratings on every referrer"];

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="border-b border-line bg-linear-to-b from-brand-50 to-canvas">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center rounded-full border border-brand-200 bg-surface px-3 py-1 text-sm font-medium text-brand-800">
            The credit-card referral marketplace
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl"
          >
            Share credit card referrals. Split the bonus.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-muted">
            Cardshare connects people applying for a new card with card holders who have a referral link. Referrers can
            offer to share part of their bonus, so a good referral pays off for both of you.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="/auth?tab=register&as=applicant" className={buttonClass("primary", "lg")}>
              Join as an applicant
              <ArrowRight aria-hidden className="size-4" />
            </Link>
            <Link to="/auth?tab=register&as=referrer" className={buttonClass("secondary", "lg")}>
              Join as a referrer
            </Link>
            <Link to="/cards" className={buttonClass("secondary", "lg")}>
              Browse cards
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted">
            Already a member?{" "}
            <Link
              to="/auth"
              className="font-medium text-brand-700 underline-offset-4 transition-colors duration-150 hover:text-brand-800 hover:underline"
            >
              Sign in
            </Link>
          </p>
          <ul className="mt-10 flex flex-col gap-3 text-sm text-muted sm:flex-row sm:flex-wrap sm:gap-6">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck aria-hidden className="size-4 shrink-0 text-success-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <ReferralPreview />
      </div>
    </section>
  );
}

function ReferralPreview() {
  return (
    <div aria-hidden className="relative hidden lg:block">
      <div className="absolute inset-x-8 -bottom-4 top-8 rounded-card border border-line bg-surface/70" />
      <div className="relative rounded-card border border-line bg-surface p-6 shadow-sm">
        <div className="flex items-start gap-4">
          <div className="flex h-14 w-22 shrink-0 items-end rounded-lg bg-linear-to-br from-brand-600 to-brand-900 p-2 text-sm font-semibold text-white">
            NV
          </div>
          <div className="min-w-0">
            <p className="font-semibold text-ink">Northstar Voyager Rewards</p>
            <p className="text-sm text-muted">Meridian Bank</p>
          </div>
          <span className="ml-auto rounded-full border border-line bg-canvas px-2 py-0.5 text-xs font-medium text-muted">
            Sample
          </span>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-4">
          <div className="rounded-card bg-canvas p-4">
            <p className="text-xs font-medium text-muted">Sign-up bonus</p>
            <p className="mt-1 text-xl font-semibold text-ink tabular">75,000 pts</p>
          </div>
          <div className="rounded-card bg-success-50 p-4">
            <p className="text-xs font-medium text-success-700">Referrer shares</p>
            <p className="mt-1 text-xl font-semibold text-success-700 tabular">40%</p>
          </div>
        </div>
        <div className="mt-6 flex items-center gap-3 border-t border-line pt-4">
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
            JL
          </span>
          <div className="text-sm">
            <p className="font-medium text-ink">Jordan L.</p>
            <p className="flex items-center gap-1 text-muted">
              <StarIcon className="size-3.5" />
              <span className="tabular">4.9</span> from 38 reviews
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
