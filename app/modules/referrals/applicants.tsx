import { Fragment } from "react";
import { Link } from "@remix-run/react";
import { formatDate } from "~/core/format";
import type { ApiApplication } from "~/modules/applications/present";
import { StatusBadge } from "~/modules/applications/status-badge";
import { OutcomeTimeline } from "~/modules/outcomes/timeline";

/**
 * Who applied through a referral, with status and date, newest first, each with the outcome
 * timeline and the referrer's next step (docs/product.md#referrer-tools, #outcomes).
 */
export function ApplicantList({ applications }: { applications: ApiApplication[] }) {
  if (applications.length === 0) {
    return <p className="text-sm text-muted">Nobody has applied through this referral yet.</p>;
  }
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen.
    <div
      role="region"
      aria-label="Applicants list"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe's scrollable-region-focusable: a keyboard scrolls it
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Applicants</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Applicant
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              Applied
            </th>
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => (
            <Fragment key={application._id}>
              <tr className="border-t border-line">
                <th scope="row" className="py-2 pr-3 font-medium">
                  <Link to={`/profile/${application.applicant._id}`} className="text-brand-700 hover:underline">
                    {application.applicant.name}
                  </Link>
                </th>
                <td className="py-2 pr-3">
                  <StatusBadge status={application.status} />
                </td>
                <td className="py-2">
                  <time dateTime={application.createdAt}>{formatDate(application.createdAt)}</time>
                </td>
              </tr>
              <tr>
                <td colSpan={3} className="pb-3">
                  <OutcomeTimeline application={application} side="referrer" />
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
