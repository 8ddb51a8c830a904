import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ClipboardList, CreditCard, HandCoins, Scale, Share2, Users } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { tipSummary } from "~/modules/payments/admin.server";
import { signedInMeta } from "~/utils/signed-in-meta";

const CARDS = [
  {
    to: "/admin/creditcards",
    title: "Credit Card Management",
    body: "Add, edit and retire cards; review cards members added.",
    Icon: CreditCard,
  },
  { to: "/admin/users", title: "User Management", body: "Find accounts, deactivate them, grant admin.", Icon: Users },
  {
    to: "/admin/referrals",
    title: "Referral Management",
    body: "Every referral, duplicate links flagged; deactivate or reopen.",
    Icon: Share2,
  },
  {
    to: "/admin/applications",
    title: "Application Management",
    body: "Applications by status, card and member.",
    Icon: ClipboardList,
  },
  { to: "/admin/tips", title: "Tips", body: "Every tip recorded from Stripe, newest first.", Icon: HandCoins },
  {
    to: "/admin/disputes",
    title: "Disputed shares",
    body: "Applicants who say a promised share did not arrive.",
    Icon: Scale,
  },
] as const;

export const loader = pageLoader({
  access: "admin",
  run: async ({ ctx }) => ({ tips: await tipSummary(ctx) }),
});

export default function AdminDashboard() {
  const { tips } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
        <Link to="/" className={buttonClass("secondary")}>
          Back to Main Site
        </Link>
      </div>
      <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 rounded-card border border-line bg-surface px-5 py-4">
        <div>
          <dt className="text-sm text-muted">Total tips</dt>
          <dd className="text-xl font-semibold tabular" data-testid="dashboard-tips-total">
            {tips.total}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Number of tips</dt>
          <dd className="text-xl font-semibold tabular">{tips.count}</dd>
        </div>
      </dl>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {CARDS.map(({ to, title, body, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full gap-4 rounded-card border border-line bg-surface p-5 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Icon aria-hidden className="size-6 shrink-0 text-brand-600" />
              <span>
                <span className="block font-semibold text-ink">{title}</span>
                <span className="mt-1 block text-sm text-muted">{body}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Admin Dashboard - Cardshare",
    "Cardshare's figures at a glance: members, referrals, applications and what waits for an admin.",
  );
