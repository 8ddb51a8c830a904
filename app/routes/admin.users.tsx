import type { MetaFunction } from "@remix-run/cloudflare";
import { formatIsoDay } from "~/core/format";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { formAction, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { rowIntent } from "~/http/row-intent.server";
import {
  ActionError,
  AdminFilterForm,
  AdminList,
  cellClass,
  ConfirmRowStep,
  dateCellClass,
  inputClass,
  ProfileLink,
  RowToggle,
} from "~/modules/admin/list-ui";
import type { ConfirmCopy } from "~/components/ui/confirm-dialog";
import { PageCursor } from "~/modules/admin/queries";
import { ADMIN_MESSAGES, REASON_LABEL } from "~/modules/admin/messages";
import { deactivateUser, listUsers, reactivateUser, setAdmin } from "~/modules/admin/users.server";
import { signedInMeta } from "~/utils/signed-in-meta";

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
      act: (ctx, userId, reason) => deactivateUser(ctx, { userId, reason }),
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
      act: (ctx, userId, reason) => setAdmin(ctx, { userId, isAdmin: false, reason }),
      toast: ADMIN_MESSAGES.revoked,
      backTo: LIST,
    }),
  },
});

/** What the destructive row actions ask first. */
function userCopy(intent: string, username: string): ConfirmCopy | null {
  if (intent === "deactivate") {
    return {
      title: `Deactivate ${username}?`,
      description:
        "They are signed out everywhere and cannot sign in; their referrals leave /apply. You can reactivate them.",
      confirmLabel: "Deactivate",
      reasonLabel: REASON_LABEL,
    };
  }
  if (intent === "revoke-admin") {
    return {
      title: `Revoke admin from ${username}?`,
      description: "They lose the Admin pages at once. You can make them admin again.",
      confirmLabel: "Revoke admin",
      reasonLabel: REASON_LABEL,
    };
  }
  return null;
}

export default function AdminUsers() {
  const { q, items, nextCursor, adminId } = useLoaderData<typeof loader>();
  // Every success redirects: only a refusal comes back to the page.
  const actionData = useActionData<FormFailure>();

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>
      <AdminFilterForm search submit="Search" clear={q ? { to: "/admin/users", label: "Clear search" } : null}>
        <div>
          <label htmlFor="user-search" className="block text-sm font-medium text-ink">
            Search by name or email
          </label>
          <input id="user-search" name="q" type="search" defaultValue={q} className={inputClass} />
        </div>
      </AdminFilterForm>
      <p className="mt-2 text-xs text-muted">Matches the start of a username, email, first or last name.</p>
      <ActionError message={actionData?.message} />
      <ConfirmRowStep copyOf={(intent, id) => userCopy(intent, items.find((user) => user.id === id)?.username ?? "")} />
      <AdminList
        caption="Users"
        minWidth="60rem"
        head={["User", "Role", "Provider", "Verified", "Created", "Referrals", "Applications", "Status", "Actions"]}
        items={items}
        empty="No users found."
        nextCursor={nextCursor}
        row={(user) => (
          <tr>
            <td className={cellClass}>
              <ProfileLink id={user.id} name={user.username} className="font-medium" />
              <div className="text-xs text-muted">
                {[user.firstName, user.lastName].filter(Boolean).join(" ")} · {user.email}
              </div>
            </td>
            <td className={cellClass}>{user.isAdmin ? "Admin" : "Member"}</td>
            <td className={cellClass}>{user.authProvider}</td>
            <td className={cellClass}>{user.emailVerifiedAt ? "Yes" : "No"}</td>
            <td className={dateCellClass}>{formatIsoDay(user.createdAt)}</td>
            <td className={`${cellClass} tabular`}>{user.referralsCount}</td>
            <td className={`${cellClass} tabular`}>{user.applicationsCount}</td>
            <td className={cellClass}>{user.deactivatedAt ? "Deactivated" : "Active"}</td>
            <td className={cellClass}>
              {user.id === adminId ? (
                <span className="text-xs text-muted">You</span>
              ) : (
                <div className="flex items-center gap-1 whitespace-nowrap">
                  <RowToggle
                    id={user.id}
                    asks={!user.deactivatedAt}
                    confirm={{
                      intent: "deactivate",
                      label: `Deactivate ${user.username}`,
                      copy: userCopy("deactivate", user.username)!,
                    }}
                    button={{ intent: "reactivate", label: `Reactivate ${user.username}`, text: "Reactivate" }}
                  />
                  <RowToggle
                    id={user.id}
                    asks={user.isAdmin}
                    confirm={{
                      intent: "revoke-admin",
                      label: `Revoke admin from ${user.username}`,
                      copy: userCopy("revoke-admin", user.username)!,
                    }}
                    button={{ intent: "grant-admin", label: `Make admin ${user.username}`, text: "Make admin" }}
                  />
                </div>
              )}
            </td>
          </tr>
        )}
      />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "User Management - Cardshare admin",
    "Every member of Cardshare: find one, see their activity and manage their account.",
  );
