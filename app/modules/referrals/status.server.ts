/**
 * A referral's active flag: Mark as Inactive and Reopen by its owner, and deactivating or
 * reopening by an admin (moderation, ADR 070). A referral held for an admin's review cannot be
 * reopened by its owner (docs/decisions/155).
 */
import { and, eq, isNull } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { DomainError } from "~/core/errors";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { requireActor, type Ctx } from "~/core/context.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { getReferral } from "./referrals.server";
import { REFERRAL_MESSAGES } from "./schemas";

type ReadCtx = Pick<Ctx, "db" | "actor" | "purgePages">;

/**
 * Writes a referral's active flag. With `ownerId` only that owner's referral changes (checked in the
 * same statement): 403 for anyone else, 403 when reopening a referral an admin deactivated, and 409
 * either way while it is held for an admin's review (marking it inactive would change nothing). Without it (an admin), any referral, and the change is moderation: deactivating marks it so its
 * owner cannot reopen it, reopening clears the mark. 404 for an unknown id, 409 when reopening would
 * make two active referrals for one card (a unique index).
 */
export async function writeReferralActive(db: Db, referralId: string, active: boolean, ownerId: string | null) {
  const byAdmin = ownerId === null;
  const allowed = byAdmin
    ? undefined
    : and(
        eq(referrals.referrerId, ownerId),
        // Held for review, it is neither live nor retired: its owner edits the link or waits (ADR 155).
        isNull(referrals.reviewHeldAt),
        active ? isNull(referrals.moderatedAt) : undefined,
      );
  let changed: number;
  try {
    const result = await db
      .update(referrals)
      .set({
        isActive: active,
        updatedAt: new Date(),
        ...(byAdmin ? { moderatedAt: active ? null : new Date() } : {}),
        // Reopening says the link works (docs/product.md#link-health): it clears a hold by reports.
        ...(active ? { heldAt: null, ...(byAdmin ? {} : { linkConfirmedAt: new Date() }) } : {}),
      })
      .where(and(eq(referrals.id, referralId), allowed));
    changed = result.meta.changes;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new DomainError(409, byAdmin ? REFERRAL_MESSAGES.memberDuplicateActive : REFERRAL_MESSAGES.duplicateActive);
  }
  if (changed === 0) {
    const found = await db
      .select({ referrerId: referrals.referrerId, reviewHeldAt: referrals.reviewHeldAt })
      .from(referrals)
      .where(eq(referrals.id, referralId))
      .get();
    if (!found) throw new DomainError(404, REFERRAL_MESSAGES.notFound);
    if (found.referrerId === ownerId && found.reviewHeldAt) throw new DomainError(409, REFERRAL_MESSAGES.waitingReview);
    throw new DomainError(403, found.referrerId === ownerId ? REFERRAL_MESSAGES.moderated : REFERRAL_MESSAGES.notOwner);
  }
  return { message: active ? REFERRAL_MESSAGES.reopened : REFERRAL_MESSAGES.markedInactive };
}

/** Mark as Inactive / Reopen by the referral's owner, answered with the spec's toast and the referral. */
export async function setReferralActive(ctx: ReadCtx, input: { referralId: string; active: boolean }) {
  const actor = requireActor(ctx);
  const { message } = await writeReferralActive(ctx.db, input.referralId, input.active, actor.id);
  purgeReferralPages(ctx, { referralIds: [input.referralId] });
  return { message, data: await getReferral(ctx, { id: input.referralId }) };
}
