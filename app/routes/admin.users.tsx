import type { MetaFunction } from "@remix-run/cloudflare";
import { formatIsoDay } from "~/core/format";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { formAction, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { rowIntent } from "~/http/row-intent.server";
import { ActionError, AdminTable, cellClass, EmptyRow, inputClass, Pager } from "~/modules/admin/list-ui";
import { PageCursor } from "~/modules/admin/queries";
import { ADMIN_MESSAGES } from "~/modules/admin/messages";
import { deactivateUser, listUsers, reactivateUser, setAdmin } from "~/modules/admin/users.server";

const LIST = "/admin/users";

export const loader = pageLoader({
  access: "admin",
  query: z.object({
    q: z.string().trim().max(100, "Search for at most 100 characters").default(""),
    cursor: PageCursor,
  }),
  run: async ({ ctx, user, query: { q, cursor } }) => {
    const page = await listUsers(ctx, { q, cursor });
    return { q, adminId: user.id, ...page };
  },
});

export const action = formAction({
  access: "admin",
  intents: {
    deactivate: rowIntent({
      act: (ctx, userId) => deactivateUser(ctx, { userId }),
      toast: ADMIN_MESSAGES.deactivated,
      backTo: LIST,
    }),
    reactivate: rowIntent({
      act: (ctx, userId) => reactivateUser(ctx, { userId }),
      toast: ADMIN_MESSAGES.reactivated,
      backTo: LIST,
    }),
    "grant-admin": rowIntent({
      act: (ctx, userId) => setAdmin(ctx, { userId, isAdmin: true }),
      toast: ADMIN_MESSAGES.granted,
      backTo: LIST,
    }),
    "revoke-admin": rowIntent({
      act: (ctx, userId) => setAdmin(ctx, { userId, isAdmin: false }),
      toast: ADMIN_MESSAGES.revoked,
      backTo: LIST,
    }),
  },
});

export default function AdminUsers() {
  const { q, items, nextCursor, adminId } = useLoaderData<typeof loader>();
  // Every success redirects: only a refusal comes back to the page.
  const actionData = useActionData<FormFailure>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="user-search" className="block text-sm font-medium text-ink">
            Search by name or email
          </label>
          <input id="user-search" name="q" type="search" defaultValue={q} className={inputClass} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {q ? (
          <Link to="/admin/users" className="text-sm text-brand-700 underline">
            Clear search
          </Link>
        ) : null}
      </Form>
      <p className="mt-2 text-xs text-muted">Matches the start of a username, email, first or last name.</p>
      <ActionError message={actionData?.message} />
      <AdminTable
        caption="Users"
        head={["User", "Role", "Provider", "Verified", "Created", "Referrals", "Applications", "Status", "Actions"]}
      >
        {items.length === 0 ? (
          <EmptyRow columns={9}>No users found.</EmptyRow>
        ) : (
          items.map((user) => (
            <tr key={user.id}>
              <td className={cellClass}>
                <Link to={`/profile/${user.id}`} className="font-medium text-brand-700 underline">
                  {user.username}
                </Link>
                <div className="text-xs text-muted">
                  {[user.firstName, user.lastName].filter(Boolean).join(" ")} · {user.email}
                </div>
              </td>
              <td className={cellClass}>{user.isAdmin ? "Admin" : "Member"}</td>
              <td className={cellClass}>{user.authProvider}</td>
              <td className={cellClass}>{user.emailVerifiedAt ? "Yes" : "No"}</td>
              <td className={`${cellClass} tabular`}>{formatIsoDay(user.createdAt)}</td>
              <td className={`${cellClass} tabular`}>{user.referralsCount}</td>
              <td className={`${cellClass} tabular`}>{user.applicationsCount}</td>
              <td className={cellClass}>{user.deactivatedAt ? "Deactivated" : "Active"}</td>
              <td className={cellClass}>
                {user.id === adminId ? (
                  <span className="text-xs text-muted">You</span>
                ) : (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={user.id} />
                    <input type="hidden" name="redirectTo" value={here} />
                    <Button
                      type="submit"
                      size="sm"
                      variant={user.deactivatedAt ? "secondary" : "destructive"}
                      name="intent"
                      value={user.deactivatedAt ? "reactivate" : "deactivate"}
                      aria-label={`${user.deactivatedAt ? "Reactivate" : "Deactivate"} ${user.username}`}
                    >
                      {user.deactivatedAt ? "Reactivate" : "Deactivate"}
                    </Button>
                    <Button
                      type="submit"
                      size="sm"
                      variant="ghost"
                      name="intent"
                      value={user.isAdmin ? "revoke-admin" : "grant-admin"}
                      aria-label={`${user.isAdmin ? "Revoke admin from" : "Make admin"} ${user.username}`}
                    >
                      {user.isAdmin ? "Revoke admin" : "Make admin"}
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pager nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "User Management - Cardshare admin" }];
