import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ActionError, AdminTable, cellClass, EmptyRow, formatDate, inputClass, Pager } from "~/modules/admin/list-ui";
import { ADMIN_USER_TEXT, deactivateUser, listUsers, reactivateUser, setAdmin } from "~/modules/admin/users.server";
import { adminRowAction, type RowTarget } from "~/modules/admin/row-action.server";
import { requireAdmin } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const query = new URL(request.url).searchParams;
  const q = query.get("q")?.trim() ?? "";
  const page = await listUsers(getServices(context).db, admin, { q, cursor: query.get("cursor") });
  return { q, adminId: admin.id, ...page };
}

const INTENTS = {
  deactivate: {
    run: ({ services, admin, id }: RowTarget) => deactivateUser(services, admin, id),
    message: ADMIN_USER_TEXT.deactivated,
  },
  reactivate: {
    run: ({ db, admin, id }: RowTarget) => reactivateUser(db, admin, id),
    message: ADMIN_USER_TEXT.reactivated,
  },
  "grant-admin": {
    run: ({ db, admin, id }: RowTarget) => setAdmin(db, admin, id, true),
    message: ADMIN_USER_TEXT.granted,
  },
  "revoke-admin": {
    run: ({ db, admin, id }: RowTarget) => setAdmin(db, admin, id, false),
    message: ADMIN_USER_TEXT.revoked,
  },
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  return adminRowAction(request, context, { intents: INTENTS, idField: "userId", fallback: "/admin/users" });
}

export default function AdminUsers() {
  const { q, items, nextCursor, adminId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
              <td className={`${cellClass} tabular`}>{formatDate(user.createdAt)}</td>
              <td className={`${cellClass} tabular`}>{user.referralsCount}</td>
              <td className={`${cellClass} tabular`}>{user.applicationsCount}</td>
              <td className={cellClass}>{user.deactivatedAt ? "Deactivated" : "Active"}</td>
              <td className={cellClass}>
                {user.id === adminId ? (
                  <span className="text-xs text-muted">You</span>
                ) : (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="userId" value={user.id} />
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
