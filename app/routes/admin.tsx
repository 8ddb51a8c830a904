import type { MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { clsx } from "clsx";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageLoader } from "~/http/page-loader.server";
import { signedInMeta } from "~/utils/signed-in-meta";

export const ADMIN_SECTIONS = [
  { to: "/admin/creditcards", label: "Credit Cards" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/referrals", label: "Referrals" },
  { to: "/admin/applications", label: "Applications" },
  { to: "/admin/tips", label: "Tips" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/review", label: "Review" },
  { to: "/admin/disputes", label: "Disputes" },
  { to: "/admin/valuations", label: "Valuations" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/notifications", label: "Failed mail" },
] as const;

/** Admins only; others go to '/' with the spec's toast. Child loaders check again (they run in parallel). */
export const loader = pageLoader({ access: "admin", run: async () => null });

export const meta: MetaFunction = () =>
  signedInMeta(
    "Admin - Cardshare",
    "Cardshare's administration: cards, members, referrals, applications, reports and tips.",
  );

export default function AdminLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Admin" className="mb-6 flex flex-wrap gap-1 border-b border-line pb-2 text-sm">
        <NavLink
          to="/admin"
          end
          className={({ isActive }) =>
            clsx("rounded-card px-3 py-1.5", isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:text-ink")
          }
        >
          Admin Dashboard
        </NavLink>
        {ADMIN_SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            className={({ isActive }) =>
              clsx("rounded-card px-3 py-1.5", isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:text-ink")
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
