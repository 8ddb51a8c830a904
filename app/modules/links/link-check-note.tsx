/**
 * What the scheduled link check last saw (docs/product.md#link-health), for the referrer and
 * admins: a status and where the link sent it. Information only: nothing is hidden because of it.
 */
import { formatDate } from "~/core/format";

/** Whether a check's answer says the link is broken: no answer, or an error status. */
export const linkCheckFails = (status: number) => status === 0 || status >= 400;

export function linkCheckSummary(check: { status: number; host: string | null }) {
  if (check.status === 0) return "no answer (timed out or refused)";
  const where = check.host ? ` from ${check.host}` : "";
  if (check.status >= 200 && check.status < 300) return `OK (${check.status})${where}`;
  if (check.status >= 300 && check.status < 400) return `redirect (${check.status}) to ${check.host ?? "another page"}`;
  return `error ${check.status}${where}`;
}

export function LinkCheckNote({
  check,
}: {
  check: { status: number; host: string | null; checkedAt: string | Date } | null;
}) {
  if (!check) return null;
  return (
    <p className="mt-1 text-xs text-muted">
      Link check {formatDate(check.checkedAt)}: {linkCheckSummary(check)}
    </p>
  );
}
