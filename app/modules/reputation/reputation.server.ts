/**
 * The numbers of a person's reputation shown on their profile: rating and review count (kept by
 * the comments domain), how many referrals they have published and how many succeeded.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { referrals, users } from "../../../db/schema";

export async function getReputation(db: Db, userId: string) {
  const [person, totals] = await db.batch([
    db.select({ rating: users.rating, reviewCount: users.reviewCount }).from(users).where(eq(users.id, userId)),
    db
      .select({
        referralsCount: sql<number>`count(*)`,
        successfulReferralsCount: sql<number>`coalesce(sum(${referrals.successfulCount}), 0)`,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, userId)),
  ]);
  return {
    rating: person[0]?.rating ?? null,
    reviewCount: person[0]?.reviewCount ?? 0,
    referralsCount: totals[0]?.referralsCount ?? 0,
    successfulReferralsCount: totals[0]?.successfulReferralsCount ?? 0,
  };
}
