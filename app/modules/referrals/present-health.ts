/**
 * A referral's health as its owner is told it (docs/product.md#link-health): the link's last
 * confirmation and check, the holds by reports, moderation and review. Shared by presentReferral
 * and presentMyReferral (present-my-referral.ts).
 */
import { isSafeReferralLink } from "~/core/referral-link";
import type { PresentedReferral, ReferralRecord } from "./present";

export type HealthRecord = Pick<
  ReferralRecord,
  | "moderatedAt"
  | "linkConfirmedAt"
  | "createdAt"
  | "heldAt"
  | "linkReview"
  | "reviewHeldAt"
  | "linkCheckStatus"
  | "linkCheckHost"
  | "linkCheckedAt"
  | "cardIsUserAdded"
  | "cardActive"
>;

/** The link's health and the holds on a referral: told in full to its owner only. */
export function healthOf(row: HealthRecord, isOwner: boolean) {
  return {
    moderated: isOwner && row.moderatedAt !== null,
    linkConfirmedAt: row.linkConfirmedAt?.toISOString() ?? null,
    linkStale: isStale(row.linkConfirmedAt ?? row.createdAt),
    held: isOwner && row.heldAt !== null,
    review: isOwner ? reviewOf(row) : null,
    linkCheck:
      isOwner && row.linkCheckedAt
        ? { status: row.linkCheckStatus ?? 0, host: row.linkCheckHost, checkedAt: row.linkCheckedAt.toISOString() }
        : null,
  } satisfies Partial<PresentedReferral>;
}

/** A stored link as shown: only safe https links (link.ts), else null. */
export function safeLink(link: string | null): string | null {
  return link && isSafeReferralLink(link) ? link : null;
}

/** Why a referral waits for an admin, if it does: its card first (nothing shows until it is listed). */
function reviewOf(row: HealthRecord): PresentedReferral["review"] {
  if (row.cardIsUserAdded && !row.cardActive) return { reason: "new-card", held: true };
  if (row.linkReview) return { reason: row.linkReview, held: row.reviewHeldAt !== null };
  return null;
}

/** A link not confirmed for this long is stale: shown so, and it sinks in the rotation (rotation.server.ts). */
export const STALE_AFTER_DAYS = 90;
function isStale(confirmedAt: Date, now = Date.now()) {
  return now - confirmedAt.getTime() > STALE_AFTER_DAYS * 24 * 60 * 60 * 1000;
}
