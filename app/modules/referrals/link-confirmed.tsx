import { formatDate } from "~/core/format";
import type { PresentedReferral } from "./present";

/** 'Link confirmed {date}', or the stale warning after 90 days (docs/product.md#link-health). */
export function LinkConfirmed({ referral }: { referral: Pick<PresentedReferral, "linkConfirmedAt" | "linkStale"> }) {
  if (!referral.linkConfirmedAt) return null;
  return referral.linkStale ? (
    <p className="text-sm text-amber-900">Link not confirmed since {formatDate(referral.linkConfirmedAt)}</p>
  ) : (
    <p className="text-sm text-muted">Link confirmed {formatDate(referral.linkConfirmedAt)}</p>
  );
}
