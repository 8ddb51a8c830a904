import type { MetaFunction } from "@remix-run/cloudflare";
import { z } from "zod";
import { Link, useLoaderData } from "@remix-run/react";
import { HandCoins } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { PageCursor } from "~/modules/admin/queries";
import { listTips, tipSummary } from "~/modules/payments/admin.server";
import { formatMinorAmount } from "~/modules/payments/format";
import { signedInMeta } from "~/utils/signed-in-meta";

export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => {
    const [summary, page] = await Promise.all([tipSummary(ctx), listTips(ctx, { cursor })]);
    return {
      summary,
      tips: page.tips.map((tip) => ({
        id: tip.id,
        amount: formatMinorAmount(tip.amount, tip.currency),
        createdAt: tip.createdAt.toISOString(),
        userId: tip.userId,
        username: tip.username,
        email: tip.email,
        referralId: tip.referralId,
        cardName: tip.cardName,
        stripeSessionId: tip.stripeSessionId,
      })),
      nextCursor: page.nextCursor,
      isFirstPage: !cursor,
    };
  },
});

const COLUMNS = ["Date", "Amount", "From", "Referral", "Checkout session"] as const;

/** Admins: what tips came in, from whom, for which referral. */
export default function AdminTips() {
  const { summary, tips, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="tips-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="tips-title" className="text-2xl font-semibold tracking-tight">
          Tips
        </h1>
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-card border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Total tips</dt>
          <dd className="mt-1 text-2xl font-semibold tabular" data-testid="tips-total">
            {summary.total}
          </dd>
        </div>
        <div className="rounded-card border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Number of tips</dt>
          <dd className="mt-1 text-2xl font-semibold tabular" data-testid="tips-count">
            {summary.count}
          </dd>
        </div>
      </dl>

      {tips.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
          <HandCoins aria-hidden className="size-8 text-muted" />
          <p className="mt-3 text-muted">{isFirstPage ? "No tips yet." : "No more tips."}</p>
          {isFirstPage ? null : (
            <Link to="/admin/tips" className={buttonClass("secondary", "sm", "mt-4")}>
              Back to the newest tips
            </Link>
          )}
        </div>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full min-w-max text-left text-sm">
            <caption className="sr-only">Tips, newest first</caption>
            <thead className="border-b border-line bg-canvas text-muted">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tips.map((tip) => (
                <tr key={tip.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-2 tabular whitespace-nowrap">
                    <time dateTime={tip.createdAt}>
                      {new Date(tip.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
                    </time>
                  </td>
                  <td className="px-4 py-2 font-medium tabular">{tip.amount}</td>
                  <td className="px-4 py-2">
                    {tip.userId && tip.username ? (
                      <Link to={`/profile/${tip.userId}`} className="text-brand-700 underline">
                        {tip.username}
                      </Link>
                    ) : (
                      <span className="text-muted">Deleted user</span>
                    )}
                    {tip.email ? <span className="block text-xs text-muted">{tip.email}</span> : null}
                  </td>
                  <td className="px-4 py-2">{tip.cardName ?? <span className="text-muted">None</span>}</td>
                  <td className="px-4 py-2 font-mono text-xs break-all">{tip.stripeSessionId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {nextCursor ? (
        <div className="mt-4 flex justify-end">
          <Link to={`/admin/tips?cursor=${encodeURIComponent(nextCursor)}`} className={buttonClass("secondary", "sm")}>
            Older tips
          </Link>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Tips - Admin - Cardshare", "The tips members paid to Cardshare, with their status.");
