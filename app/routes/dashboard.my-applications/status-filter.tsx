import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { STATUS_FILTERS, type StatusFilter } from "~/modules/applications/status";

/** The status filters, as links (`?status=`). */
export function FilterButtons({ current }: { current: StatusFilter }) {
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((key) => (
        <Link
          key={key}
          to={key === "all" ? "." : `?status=${key}`}
          preventScrollReset
          aria-current={current === key ? "true" : undefined}
          className={buttonClass(current === key ? "primary" : "secondary", "sm")}
        >
          {STATUS_FILTERS[key].label}
        </Link>
      ))}
    </nav>
  );
}
