import { Link } from "@remix-run/react";
import { formatDate } from "~/core/format";
import type { ApiApplication } from "~/modules/applications/present";
import { StatusBadge } from "~/modules/applications/status-badge";

/** One application of the member's list, with its status. */
export function ApplicationItem({ application }: { application: ApiApplication }) {
  return (
    <article className="h-full rounded-card border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">{application.creditCard.name}</h2>
          <p className="text-sm text-muted">
            Referred by{" "}
            <Link to={`/profile/${application.referrer._id}`} className="text-brand-700 hover:underline">
              {application.referrer.name}
            </Link>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      <p className="mt-3 text-sm text-muted">
        Applied on <time dateTime={application.createdAt}>{formatDate(application.createdAt)}</time>
      </p>
    </article>
  );
}
