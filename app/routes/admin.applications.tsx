import type { MetaFunction } from "@remix-run/cloudflare";
import { formatIsoDay } from "~/core/format";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { APPLICATION_STATUSES } from "../../db/enums";
import { Button } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { listAdminApplications } from "~/modules/admin/activity.server";
import { CardAndUserFields } from "~/modules/admin/filter-fields";
import { readSharedFilters } from "~/modules/admin/filters.server";
import { AdminTable, cellClass, dateCellClass, EmptyRow, inputClass, Pager } from "~/modules/admin/list-ui";
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
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter applications">
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
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Link to="/admin/applications" className="text-sm text-brand-700 underline">
          Clear filters
        </Link>
      </Form>
      <AdminTable caption="Applications" head={["Card", "Applicant", "Referrer", "Status", "Applied", "Updated"]}>
        {items.length === 0 ? (
          <EmptyRow columns={6}>No applications found.</EmptyRow>
        ) : (
          items.map((application) => (
            <tr key={application.id}>
              <td className={cellClass}>
                <div className="font-medium">{application.cardName}</div>
                <div className="text-xs text-muted">{application.cardIssuer}</div>
              </td>
              <td className={cellClass}>
                <Link to={`/profile/${application.applicantId}`} className="text-brand-700 underline">
                  {application.applicantUsername}
                </Link>
              </td>
              <td className={cellClass}>
                <Link to={`/profile/${application.referrerId}`} className="text-brand-700 underline">
                  {application.referrerUsername}
                </Link>
              </td>
              <td className={cellClass}>{STATUS_LABELS[application.status]}</td>
              <td className={dateCellClass}>{formatIsoDay(application.createdAt)}</td>
              <td className={dateCellClass}>{formatIsoDay(application.updatedAt)}</td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pager nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Application Management - Cardshare admin",
    "Every application on Cardshare, with its referral, applicant and status.",
  );
