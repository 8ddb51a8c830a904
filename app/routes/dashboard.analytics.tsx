import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { clsx } from "clsx";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { pageLoader } from "~/http/page-loader.server";
import { shortDate } from "~/modules/analytics/axes";
import { DailyTable, SeriesChart } from "~/modules/analytics/charts";
import { AnalyticsQuerySchema, funnel, isEmpty, PERIODS, SERIES } from "~/modules/analytics/present";
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
            {`Your referrals, ${shortDate(analytics.from)} to ${shortDate(analytics.to)}, ${analytics.to.slice(0, 4)} (UTC days)`}
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
              {`${days} days`}
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

      {isEmpty(analytics.totals) ? (
        <section aria-labelledby="empty-heading" className="rounded-card border border-line bg-surface p-5">
          <h2 id="empty-heading" className="font-semibold">
            {`No activity in the last ${analytics.days} days`}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {analytics.referrals.length === 0
              ? "You have no referrals yet. Once you share one, its views, link clicks, applications and outcomes appear here day by day."
              : `Nobody has viewed, clicked or applied through your referrals since ${shortDate(analytics.from)}. Share a referral's public page to bring people in; each day's figures appear here.`}
          </p>
          <p className="mt-3 flex flex-wrap gap-3 text-sm">
            {analytics.referrals.length === 0 ? (
              <Link to="/refer" className="text-brand-700 underline">
                Share a referral
              </Link>
            ) : (
              <Link to="/dashboard/my-referrals" className="text-brand-700 underline">
                Your referrals
              </Link>
            )}
            {analytics.days < PERIODS[PERIODS.length - 1] ? (
              <Link to={`?days=${PERIODS[PERIODS.length - 1]}`} className="text-brand-700 underline">
                {`Look at the last ${PERIODS[PERIODS.length - 1]} days`}
              </Link>
            ) : null}
          </p>
        </section>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {SERIES.map(({ key, label }) => (
              <section
                key={key}
                aria-labelledby={`chart-${key}-heading`}
                className="min-w-0 rounded-card border border-line bg-surface p-5"
              >
                <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
                  <h2 id={`chart-${key}-heading`} className="font-semibold">
                    {label} per day
                  </h2>
                  <p className="text-sm text-muted tabular">{`${analytics.totals[key]} in ${analytics.days} days`}</p>
                </div>
                <SeriesChart daily={analytics.daily} series={key} label={label} />
              </section>
            ))}
          </div>
          <section aria-label="Figures by day" className="rounded-card border border-line bg-surface p-5">
            <DailyTable daily={analytics.daily} />
          </section>
        </>
      )}

      {/* Without referrals the empty state above already says so. */}
      {analytics.referrals.length === 0 ? null : (
        <section aria-labelledby="per-referral-heading" className="rounded-card border border-line bg-surface p-5">
          <h2 id="per-referral-heading" className="mb-2 font-semibold">
            Per referral
          </h2>
          <ScrollRegion label="Per referral figures">
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
          </ScrollRegion>
        </section>
      )}
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Referral analytics - Cardshare", "How your referrals do: views, applications and approvals over time.");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
