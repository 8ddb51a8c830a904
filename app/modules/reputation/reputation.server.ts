/**
 * The numbers of a person's reputation shown on their profile: rating and review count (kept by
 * the comments domain), confirmed outcomes (kept by the outcomes domain), how many referrals they
 * have published and how many succeeded.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { referrals, users } from "../../../db/schema";
import { NO_FIGURES, type OutcomeFigures } from "./figures";

/**
 * `referralsVisible` is the owner's showReferrals switch as it applies to the viewer: when it is
 * off, the referral counts are neither read nor returned (they would reach the page's data).
 */
export async function getReputation(db: Db, userId: string, { referralsVisible }: { referralsVisible: boolean }) {
  const person = db
    .select({
      rating: users.rating,
      reviewCount: users.reviewCount,
      verifiedReviewCount: users.verifiedReviewCount,
      confirmedSuccesses: users.confirmedSuccesses,
      sharesPromised: users.sharesPromised,
      sharesPaid: users.sharesPaid,
      medianDaysToPay: users.medianDaysToPay,
      openDisputes: users.openDisputes,
      disputesUpheld: users.disputesUpheld,
      lateShares: users.lateShares,
    })
    .from(users)
    .where(eq(users.id, userId));
  const totals = db
    .select({
      referralsCount: sql<number>`count(*)`,
      successfulReferralsCount: sql<number>`coalesce(sum(${referrals.successfulCount}), 0)`,
    })
    .from(referrals)
    .where(eq(referrals.referrerId, userId));
  const [people, counts] = referralsVisible ? await db.batch([person, totals]) : [await person, null];
  const row = people[0];
  const figures: OutcomeFigures = row
    ? {
        confirmedSuccesses: row.confirmedSuccesses,
        sharesPromised: row.sharesPromised,
        sharesPaid: row.sharesPaid,
        medianDaysToPay: row.medianDaysToPay,
        openDisputes: row.openDisputes,
        disputesUpheld: row.disputesUpheld,
        lateShares: row.lateShares,
      }
    : NO_FIGURES;
  return {
    figures,
    rating: row?.rating ?? null,
    reviewCount: people[0]?.reviewCount ?? 0,
    verifiedReviewCount: row?.verifiedReviewCount ?? 0,
    referrals: counts
      ? { count: counts[0]?.referralsCount ?? 0, successful: counts[0]?.successfulReferralsCount ?? 0 }
      : null,
  };
}

/**
 * How many referrals each of `userIds` has published (the profile's referralsCount, for a page of
 * referrers at once), with their showReferrals switch so the caller can hide it. Callers pass at
 * most a page of ids (D1 binds up to 100 parameters).
 */
export function referralCounts(db: Db, userIds: readonly string[]) {
  return db
    .select({
      id: users.id,
      showReferrals: users.showReferrals,
      // Written out: drizzle leaves a one-table select's columns unqualified, and a bare "id" here
      // would be the subquery's own referrals.id (index referrals_referrer_idx).
      referralsCount: sql<number>`(select count(*) from referrals r where r.referrer_id = users.id)`,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}
