import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { AUDIT_ACTIONS, listAudit, type AuditAction } from "~/modules/admin/audit.server";
import { AdminTable, cellClass, dateCellClass, EmptyRow, Pager } from "~/modules/admin/list-ui";
import { PageCursor } from "~/modules/admin/queries";
import { signedInMeta } from "~/utils/signed-in-meta";

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
  if (type === "application") return "/admin/disputes";
  return null;
}

const COLUMNS = ["When", "Admin", "What", "Target", "Why"];

/** Admins: every admin action, newest first (docs/product.md#moderation). */
export default function AdminAudit() {
  const { entries, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-2xl font-semibold tracking-tight">
        Audit log
      </h1>
      <p className="mt-1 text-sm text-muted">Who did what, when and why, in every admin screen.</p>
      <AdminTable caption="Admin actions, newest first" head={COLUMNS}>
        {entries.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>{isFirstPage ? "No admin actions yet." : "No older entries."}</EmptyRow>
        ) : (
          entries.map((entry) => {
            const href = targetHref(entry.targetType, entry.targetId);
            const target = `${entry.targetType} ${entry.targetId.slice(0, 8)}`;
            return (
              <tr key={entry.id}>
                <td className={dateCellClass}>
                  <time dateTime={entry.createdAt}>
                    {new Date(entry.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
                  </time>
                </td>
                <td className={cellClass}>{entry.admin ? `@${entry.admin}` : "Deleted user"}</td>
                <td className={`${cellClass} font-medium`}>{entry.what}</td>
                <td className={cellClass}>
                  {href ? (
                    <Link to={href} className="text-brand-700 underline">
                      {target}
                    </Link>
                  ) : (
                    target
                  )}
                </td>
                <td className={`${cellClass} max-w-md break-words whitespace-normal`}>
                  {entry.reason || <span className="text-muted">Not asked</span>}
                </td>
              </tr>
            );
          })
        )}
      </AdminTable>
      <Pager nextCursor={nextCursor} />
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Audit log - Admin - Cardshare", "What admins changed on Cardshare, who changed it and when.");
