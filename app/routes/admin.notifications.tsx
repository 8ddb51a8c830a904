import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageLoader } from "~/http/page-loader.server";
import { AdminTable, cellClass, dateCellClass, EmptyRow, Pager } from "~/modules/admin/list-ui";
import { PageCursor } from "~/modules/admin/queries";
import { listDeadLetters } from "~/modules/notifications/dead-letters.server";
import { KIND_INFO, type NotificationKind } from "~/modules/notifications/kinds";
import { signedInMeta } from "~/utils/signed-in-meta";

export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => {
    const page = await listDeadLetters(ctx, { cursor });
    return {
      failed: page.items.map((row) => ({
        ...row,
        // An account mail has no kind; a kind that no longer exists shows as stored.
        what: row.kind ? (KIND_INFO[row.kind as NotificationKind]?.label ?? row.kind) : "Account mail",
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: page.nextCursor,
      isFirstPage: !cursor,
    };
  },
});

const COLUMNS = ["Given up", "To", "Kind", "Subject", "Tries", "Key"];

/** Admins: the notifications the queue gave up on after its last retry (ADR 180), read only. */
export default function AdminFailedNotifications() {
  const { failed, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="failed-notifications-title">
      <h1 id="failed-notifications-title" className="text-2xl font-semibold tracking-tight">
        Failed notifications
      </h1>
      <p className="mt-1 text-sm text-muted">
        Mails the queue gave up on after its last retry, newest first. Nothing here is sent again.
      </p>
      <AdminTable caption="Failed notifications, newest first" head={COLUMNS}>
        {failed.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>
            {isFirstPage ? "No failed notifications." : "No older failed notifications."}
          </EmptyRow>
        ) : (
          failed.map((row) => (
            <tr key={row.id}>
              <td className={dateCellClass}>
                <time dateTime={row.createdAt}>
                  {new Date(row.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
                </time>
              </td>
              <td className={cellClass}>
                {row.userId && row.username ? (
                  <Link to={`/profile/${row.userId}`} className="text-brand-700 underline">
                    {`@${row.username}`}
                  </Link>
                ) : (
                  <span className="text-muted">Not a member&apos;s notification</span>
                )}
                {row.email ? <span className="block text-xs text-muted">{row.email}</span> : null}
              </td>
              <td className={cellClass}>{row.what}</td>
              <td className={`${cellClass} max-w-md break-words whitespace-normal`}>
                {row.subject ?? <span className="text-muted">Not recorded</span>}
              </td>
              <td className={`${cellClass} tabular`}>{row.attempts ?? "-"}</td>
              <td className={`${cellClass} font-mono text-xs break-all`}>{row.key}</td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pager nextCursor={nextCursor} />
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Failed notifications - Admin - Cardshare",
    "The notification mails Cardshare gave up on after its last retry.",
  );
