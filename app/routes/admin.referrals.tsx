import type { MetaFunction } from "@remix-run/cloudflare";
import { formatIsoDay } from "~/core/format";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { formAction, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { rowIntent } from "~/http/row-intent.server";
import { listAdminReferrals, moderateReferral } from "~/modules/admin/activity.server";
import { CardAndUserFields } from "~/modules/admin/filter-fields";
import { readSharedFilters } from "~/modules/admin/filters.server";
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
import { REASON_LABEL } from "~/modules/admin/messages";
import { choice, SharedFiltersQuery } from "~/modules/admin/queries";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { FilterSelect } from "~/components/forms/filter-select";
import { signedInMeta } from "~/utils/signed-in-meta";

const LIST = "/admin/referrals";

/** What Deactivate asks first: a takedown its owner cannot undo. */
const DEACTIVATE_COPY: ConfirmCopy = {
  title: "Take this referral down?",
  description: "It leaves /apply and its owner cannot reopen or republish it; only an admin can reopen it.",
  confirmLabel: "Deactivate",
  reasonLabel: REASON_LABEL,
};
const STATUS_OPTIONS = [
  { value: "", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

export const loader = pageLoader({
  access: "admin",
  query: SharedFiltersQuery.extend({
    status: choice(["active", "inactive"]),
    link: z.string().trim().max(2048, "That link is too long").default(""),
    duplicates: z.literal("on", { error: "Duplicates only is a checkbox" }).optional(),
  }),
  run: async ({ ctx, query }) => {
    const shared = await readSharedFilters(ctx, query);
    const { link } = query;
    const status = query.status ?? null;
    const duplicatesOnly = query.duplicates === "on";
    const page = await listAdminReferrals(ctx, {
      referrerId: shared.userId,
      cardId: shared.cardId,
      status,
      link: link || null,
      duplicatesOnly,
      cursor: query.cursor,
    });
    return { ...shared, status, link, duplicatesOnly, ...page };
  },
});

export const action = formAction({
  access: "admin",
  intents: {
    // Takes a referral down (also one its owner paused); only an admin's own takedown reopens.
    deactivate: rowIntent({
      act: (ctx, referralId, reason) => moderateReferral(ctx, { referralId, isActive: false, reason }),
      toast: REFERRAL_MESSAGES.markedInactive,
      backTo: LIST,
    }),
    reopen: rowIntent({
      act: (ctx, referralId) => moderateReferral(ctx, { referralId, isActive: true }),
      toast: REFERRAL_MESSAGES.reopened,
      backTo: LIST,
    }),
  },
});

export default function AdminReferrals() {
  const { items, nextCursor, cards, cardId, user, status, link, duplicatesOnly } = useLoaderData<typeof loader>();
  // Every success redirects: only a refusal comes back to the page.
  const actionData = useActionData<FormFailure>();

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Referral Management</h1>
      <AdminFilterForm
        label="Filter referrals"
        submit="Filter"
        clear={{ to: "/admin/referrals", label: "Clear filters" }}
      >
        <CardAndUserFields cards={cards} cardId={cardId} user={user} userLabel="Referrer" />
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          className={inputClass}
        />
        <div>
          <label htmlFor="filter-link" className="block text-sm font-medium text-ink">
            Referral link
          </label>
          <input id="filter-link" name="link" type="search" defaultValue={link} className={inputClass} />
        </div>
        <label className="flex h-10 items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            name="duplicates"
            defaultChecked={duplicatesOnly}
            className="size-4 rounded border-line text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          Duplicates only
        </label>
      </AdminFilterForm>
      <ActionError message={actionData?.message} />
      <ConfirmRowStep copyOf={(intent) => (intent === "deactivate" ? DEACTIVATE_COPY : null)} />
      <AdminList
        caption="Referrals"
        minWidth="56rem"
        head={["Card", "Referrer", "Link", "Applications", "Created", "Status", "Actions"]}
        items={items}
        empty="No referrals found."
        nextCursor={nextCursor}
        row={(referral) => (
          <tr>
            <td className={cellClass}>
              <div className="font-medium">{referral.cardName}</div>
              <div className="text-xs text-muted">
                {referral.cardIssuer}
                {referral.cardActive ? "" : " · card inactive"}
              </div>
            </td>
            <td className={cellClass}>
              <ProfileLink id={referral.referrerId} name={referral.referrerUsername} />
              {referral.referrerDeactivated ? <div className="text-xs text-danger-700">Deactivated</div> : null}
            </td>
            <td className={`${cellClass} min-w-48 break-all`}>
              <span className="text-xs">{referral.referralLink}</span>
              {referral.duplicate ? (
                <div>
                  <Link
                    to={`/admin/referrals?${new URLSearchParams({ link: referral.referralLink })}`}
                    className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                  >
                    Duplicate link: also used by another account
                  </Link>
                </div>
              ) : null}
            </td>
            <td className={`${cellClass} tabular`}>
              {referral.applicationsCount} ({referral.successfulCount} successful)
            </td>
            <td className={dateCellClass}>{formatIsoDay(referral.createdAt)}</td>
            <td className={cellClass}>
              {referral.isActive ? "Active" : referral.moderated ? REFERRAL_MESSAGES.moderatedStatus : "Inactive"}
            </td>
            <td className={cellClass}>
              {/* Deactivating takes a referral down for good (also one its owner paused); only an
                    admin's own takedown can be reopened here. */}
              <RowToggle
                id={referral.id}
                asks={!referral.moderated}
                confirm={{
                  intent: "deactivate",
                  label: `Deactivate ${referral.cardName} referral by ${referral.referrerUsername}`,
                  copy: DEACTIVATE_COPY,
                }}
                button={{ intent: "reopen", label: `Reopen ${referral.cardName}`, text: "Reopen" }}
              />
            </td>
          </tr>
        )}
      />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Referral Management - Cardshare admin",
    "Every referral on Cardshare: deactivate or reopen one, and see who published it.",
  );
