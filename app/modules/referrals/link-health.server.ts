/**
 * Link health (docs/product.md#link-health, ADR 151): the owner confirms a referral's link works,
 * which dates it and lifts a pause by reports.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { requireActor, type Ctx } from "~/core/context.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { getReferral } from "./referrals.server";
import { REFERRAL_MESSAGES } from "./schemas";

type ReadCtx = Pick<Ctx, "db" | "actor" | "purgePages">;

/**
 * The owner says the link still works (docs/product.md#link-health): the date is set, and a
 * referral paused by reports comes back (one statement). Not for one an admin took down (403);
 * 409 when bringing it back would make two active referrals for one card.
 */
export async function confirmReferralLink(ctx: ReadCtx, input: { referralId: string }) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const now = new Date();
  let changed: number;
  try {
    const result = await db
      .update(referrals)
      .set({
        linkConfirmedAt: now,
        heldAt: null,
        isActive: sql`CASE WHEN ${referrals.heldAt} IS NOT NULL THEN 1 ELSE ${referrals.isActive} END`,
        updatedAt: now,
      })
      .where(
        and(eq(referrals.id, input.referralId), eq(referrals.referrerId, actor.id), isNull(referrals.moderatedAt)),
      );
    changed = result.meta.changes;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(409, REFERRAL_MESSAGES.duplicateActive);
    throw error;
  }
  if (changed === 0) {
    const found = await db
      .select({ referrerId: referrals.referrerId })
      .from(referrals)
      .where(eq(referrals.id, input.referralId))
      .get();
    if (!found) throw new DomainError(404, REFERRAL_MESSAGES.notFound);
    throw new DomainError(
      403,
      found.referrerId === actor.id ? REFERRAL_MESSAGES.moderated : REFERRAL_MESSAGES.notOwner,
    );
  }
  purgeReferralPages(ctx, { referralIds: [input.referralId] });
  return { message: REFERRAL_MESSAGES.linkConfirmed, data: await getReferral(ctx, { id: input.referralId }) };
}
