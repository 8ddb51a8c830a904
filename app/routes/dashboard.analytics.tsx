import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { clsx } from "clsx";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { SeriesChart, SeriesTable } from "~/modules/analytics/charts";
import { AnalyticsQuerySchema, funnel, PERIODS, SERIES } from "~/modules/analytics/present";
import { getReferrerAnalytics } from "~/modules/analytics/report.server";
import { signedInMeta } from "~/utils/signed-in-meta";

/** The referrer's analytics (docs/product.md#analytics): the caller's own referrals only. */
export const loader = pageLoader({
  access: "member",
  query: AnalyticsQuerySchema,
  run: ({ ctx, query }) => getReferrerAnalytics(ctx, { days: query.days }),
});

export default function ReferrerAnalytics() {
  const analytics = useLoaderData<typeof loader>();
  const steps = funnel(analytics.totals);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Referral analytics</h1>
          <p className="text-sm text-muted">
            Your referrals, {analytics.from} to {analytics.to} (UTC)
          </p>
        </div>
        <nav aria-label="Period" className="flex gap-1">
          {PERIODS.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              aria-current={days === analytics.days ? "page" : undefined}
              className={buttonClass(days === analytics.days ? "primary" : "secondary", "sm")}
            >
              {days} days
            </Link>
          ))}
        </nav>
      </div>

      <section aria-labelledby="funnel-heading" className="rounded-card border border-line bg-surface p-5">
        <h2 id="funnel-heading" className="mb-3 font-semibold">
          Funnel
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {steps.map((step) => (
            <li key={step.key} className="rounded-card bg-canvas p-3">
              <span className="block text-sm text-muted">{step.label}</span>
              <span className="block text-2xl font-semibold tabular" data-testid={`total-${step.key}`}>
                {step.count}
              </span>
              {step.first ? null : (
                <span className="block text-xs text-muted">
                  {step.rate === null ? "No conversion yet" : `${step.rate}% of the step before`}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        {SERIES.map(({ key, label }) => (
          <section
            key={key}
            aria-labelledby={`chart-${key}`}
            className="rounded-card border border-line bg-surface p-5"
          >
            <h2 id={`chart-${key}`} className="mb-2 font-semibold">
              {label}
            </h2>
            <SeriesChart daily={analytics.daily} series={key} label={label} />
            <SeriesTable daily={analytics.daily} series={key} label={label} />
          </section>
        ))}
      </div>

      <section aria-labelledby="per-referral-heading" className="rounded-card border border-line bg-surface p-5">
        <h2 id="per-referral-heading" className="mb-2 font-semibold">
          Per referral
        </h2>
        {analytics.referrals.length === 0 ? (
          <p className="text-sm text-muted">
            You have no referrals yet.{" "}
            <Link to="/refer" className="text-brand-700 underline">
              Share one
            </Link>
            .
          </p>
        ) : (
          <div
            role="region"
            aria-label="Per referral figures"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard scrolls it sideways
            tabIndex={0}
            className="overflow-x-auto"
          >
            <table className="w-full min-w-[40rem] text-left text-sm tabular">
              <caption className="sr-only">Each referral&apos;s figures over the period</caption>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Referral
                  </th>
                  {SERIES.map(({ key, label }) => (
                    <th key={key} scope="col" className="py-2 pr-3 font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {analytics.referrals.map((referral) => (
                  <tr key={referral._id}>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      <Link to={`/dashboard/referrals/${referral._id}`} className="text-brand-700 hover:underline">
                        {referral.cardName}
                      </Link>
                    </th>
                    {SERIES.map(({ key }) => (
                      <td key={key} className={clsx("py-2 pr-3")}>
                        {referral.totals[key]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Referral analytics - Cardshare", "How your referrals do: views, applications and approvals over time.");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
