import type { MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { clsx } from "clsx";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageLoader } from "~/http/page-loader.server";
import { signedInMeta } from "~/utils/signed-in-meta";

const SECTIONS = [
  { to: "/dashboard/my-referrals", label: "My Referrals" },
  { to: "/dashboard/my-applications", label: "My Applications" },
  { to: "/dashboard/analytics", label: "Analytics" },
  { to: "/dashboard/personal-info", label: "Personal Info" },
] as const;

/** Members only: the sections' own loaders check again, as each can be fetched alone. */
export const loader = pageLoader({ access: "member", run: async () => null });

/**
 * The dashboard frame: a side menu on wide screens, tabs across the top on small ones. The tabs
 * share the width in three equal columns and may wrap a label onto two lines, so at 390 px none
 * is cut off at the edge.
 */
export const meta: MetaFunction = () =>
  signedInMeta("Dashboard - Cardshare", "Your referrals, your applications, their analytics and your personal info.");

export default function Dashboard() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label="Dashboard" className="md:w-56 md:shrink-0">
        <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                prefetch="intent"
                className={({ isActive }) =>
                  clsx(
                    "flex h-full items-center justify-center rounded-card px-2 py-2 text-center text-sm font-medium transition-colors md:justify-start md:px-3 md:text-left md:whitespace-nowrap",
                    isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:bg-surface hover:text-ink",
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
