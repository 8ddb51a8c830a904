import type { MetaFunction } from "@remix-run/cloudflare";
import { formatIsoDay } from "~/core/format";
import { useLoaderData } from "@remix-run/react";
import { APPLICATION_STATUSES } from "../../db/enums";
import { pageLoader } from "~/http/page-loader.server";
import { listAdminApplications } from "~/modules/admin/activity.server";
import { CardAndUserFields } from "~/modules/admin/filter-fields";
import { readSharedFilters } from "~/modules/admin/filters.server";
import { AdminFilterForm, AdminList, cellClass, dateCellClass, inputClass, ProfileLink } from "~/modules/admin/list-ui";
import { choice, SharedFiltersQuery } from "~/modules/admin/queries";
import { ALL_STATUSES, STATUS_LABELS } from "~/modules/applications/status";
import { FilterSelect } from "~/components/forms/filter-select";
import { signedInMeta } from "~/utils/signed-in-meta";

export const loader = pageLoader({
  access: "admin",
  query: SharedFiltersQuery.extend({ status: choice(APPLICATION_STATUSES) }),
  run: async ({ ctx, query }) => {
    const shared = await readSharedFilters(ctx, query);
    const status = query.status ?? null;
    const page = await listAdminApplications(ctx, {
      status,
      cardId: shared.cardId,
      userId: shared.userId,
      cursor: query.cursor,
    });
    return { ...shared, status, ...page };
  },
});

export default function AdminApplications() {
  const { items, nextCursor, cards, cardId, user, status } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Application Management</h1>
      <AdminFilterForm
        label="Filter applications"
        submit="Filter"
        clear={{ to: "/admin/applications", label: "Clear filters" }}
      >
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          value={status}
          options={[
            { value: "", label: ALL_STATUSES },
            ...APPLICATION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
          ]}
          className={inputClass}
        />
        <CardAndUserFields cards={cards} cardId={cardId} user={user} userLabel="Applicant or referrer" />
      </AdminFilterForm>
      <AdminList
        caption="Applications"
        head={["Card", "Applicant", "Referrer", "Status", "Applied", "Updated"]}
        items={items}
        empty="No applications found."
        nextCursor={nextCursor}
        row={(application) => (
          <tr>
            <td className={cellClass}>
              <div className="font-medium">{application.cardName}</div>
              <div className="text-xs text-muted">{application.cardIssuer}</div>
            </td>
            <td className={cellClass}>
              <ProfileLink id={application.applicantId} name={application.applicantUsername} />
            </td>
            <td className={cellClass}>
              <ProfileLink id={application.referrerId} name={application.referrerUsername} />
            </td>
            <td className={cellClass}>{STATUS_LABELS[application.status]}</td>
            <td className={dateCellClass}>{formatIsoDay(application.createdAt)}</td>
            <td className={dateCellClass}>{formatIsoDay(application.updatedAt)}</td>
          </tr>
        )}
      />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Application Management - Cardshare admin",
    "Every application on Cardshare, with its referral, applicant and status.",
  );
