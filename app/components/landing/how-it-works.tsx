import { Link } from "@remix-run/react";
import { clsx } from "clsx";
import { SectionHeading } from "./section-heading";

export type Audience = "applicant" | "referrer";

/** The how-it-works audience named by `?audience=`; applicants unless it says referrer. */
export function parseAudience(audience: string | null | undefined): Audience {
  return audience === "referrer" ? "referrer" : "applicant";
}

const AUDIENCES: { value: Audience; label: string }[] = [
  { value: "applicant", label: "Applicant" },
  { value: "referrer", label: "Referrer" },
];

/** How a visitor can sign up: Google is offered only where it is configured (GOOGLE_CLIENT_ID). */
function signUpWith(googleEnabled: boolean) {
  return googleEnabled ? "Sign up with your email or Google account" : "Sign up with your email";
}

const steps = (googleEnabled: boolean): Record<Audience, { title: string; body: string }[]> => ({
  applicant: [
    {
      title: "Create your free account",
      body: `${signUpWith(googleEnabled)} and confirm your address from the link we send you.`,
    },
    {
      title: "Find the right referral",
      body: "Compare offers by bonus, annual fee and credit score band, and see how much each referrer will share.",
    },
    {
      title: "Apply through the link",
      body: "Open the referrer's link to apply with the card issuer, then record your application on Cardshare.",
    },
    {
      title: "Track, chat and rate",
      body: "Follow your application, message your referrer, and leave a rating once the bonus comes through.",
    },
  ],
  referrer: [
    {
      title: "Create your free account",
      body: `${signUpWith(googleEnabled)} and set up the public profile applicants will see.`,
    },
    {
      title: "Publish your referral",
      body: "Pick your card from the catalogue, paste your referral link and choose the share of the bonus you offer.",
    },
    {
      title: "Help your applicants",
      body: "Answer questions in chat, see who applied through your link and comment on each application.",
    },
    {
      title: "Share the reward, grow your reputation",
      body: "When the issuer pays your bonus, share what you promised and collect reviews on your profile.",
    },
  ],
});

export function HowItWorks({ audience, googleEnabled }: { audience: Audience; googleEnabled: boolean }) {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-heading"
      className="scroll-mt-16 border-y border-line bg-surface py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="how-it-works-heading" eyebrow="How it works" title="Four steps from link to bonus">
          Whether you are applying for a card or sharing your own referral, getting started takes minutes.
        </SectionHeading>
        <div className="mt-10 flex justify-center">
          <div
            role="group"
            aria-label="Show steps for"
            className="inline-flex rounded-card border border-line bg-canvas p-1"
          >
            {AUDIENCES.map(({ value, label }) => {
              const active = value === audience;
              return (
                <Link
                  key={value}
                  aria-current={active ? "page" : undefined}
                  to={`?audience=${value}#how-it-works`}
                  preventScrollReset
                  replace
                  prefetch="intent"
                  className={clsx(
                    "rounded-lg px-4 py-2 text-sm font-medium transition-colors duration-150 sm:px-6",
                    active ? "bg-surface text-brand-800 shadow-xs ring-1 ring-line" : "text-muted hover:text-ink",
                  )}
                >
                  {label}
                </Link>
              );
            })}
          </div>
        </div>
        <ol
          aria-label={audience === "applicant" ? "Steps for applicants" : "Steps for referrers"}
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
        >
          {steps(googleEnabled)[audience].map((step, index) => (
            <li key={step.title} className="rounded-card border border-line bg-canvas p-6">
              <span
                aria-hidden
                className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white tabular"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted">
          Bonus sharing is agreed between applicant and referrer and happens outside Cardshare. Cardshare does not
          handle or guarantee any payment.
        </p>
      </div>
    </section>
  );
}
