import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ScrollText } from "lucide-react";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { AUDIT_ACTIONS, listAudit, type AuditAction } from "~/modules/admin/audit.server";
import { PageCursor } from "~/modules/admin/queries";

export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => {
    const page = await listAudit(ctx, { cursor });
    return {
      entries: page.items.map((entry) => ({
        ...entry,
        what: AUDIT_ACTIONS[entry.action as AuditAction] ?? entry.action,
        createdAt: entry.createdAt.toISOString(),
      })),
      nextCursor: page.nextCursor,
      isFirstPage: !cursor,
    };
  },
});

/** Where an entry's target can be looked at, when it has a page. */
function targetHref(type: string, id: string) {
  if (type === "referral") return `/apply/${id}`;
  if (type === "user") return `/profile/${id}`;
  if (type === "card") return `/admin/creditcards/edit/${id}`;
  return null;
}

const COLUMNS = ["When", "Admin", "What", "Target", "Why"] as const;

/** Admins: every admin action, newest first (docs/product.md#moderation). */
export default function AdminAudit() {
  const { entries, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-2xl font-semibold tracking-tight">
        Audit log
      </h1>
      <p className="mt-1 text-sm text-muted">Who did what, when and why, in every admin screen.</p>
      {entries.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
          <ScrollText aria-hidden className="size-8 text-muted" />
          <p className="mt-3 text-muted">{isFirstPage ? "No admin actions yet." : "No older entries."}</p>
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full min-w-max text-left text-sm">
            <caption className="sr-only">Admin actions, newest first</caption>
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
              {entries.map((entry) => {
                const href = targetHref(entry.targetType, entry.targetId);
                return (
                  <tr key={entry.id} className="border-b border-line last:border-0">
                    <td className="px-4 py-2 tabular whitespace-nowrap">
                      <time dateTime={entry.createdAt}>
                        {new Date(entry.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
                      </time>
                    </td>
                    <td className="px-4 py-2">{entry.admin ? `@${entry.admin}` : "Deleted user"}</td>
                    <td className="px-4 py-2 font-medium">{entry.what}</td>
                    <td className="px-4 py-2">
                      {href ? (
                        <Link to={href} className="text-brand-700 underline">
                          {entry.targetType} {entry.targetId.slice(0, 8)}
                        </Link>
                      ) : (
                        `${entry.targetType} ${entry.targetId.slice(0, 8)}`
                      )}
                    </td>
                    <td className="max-w-md px-4 py-2 break-words whitespace-normal">
                      {entry.reason || <span className="text-muted">Not asked</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor ? (
        <div className="mt-4 flex justify-end">
          <Link to={`/admin/audit?cursor=${encodeURIComponent(nextCursor)}`} className={buttonClass("secondary", "sm")}>
            Older entries
          </Link>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Audit log - Admin - Cardshare" }];
