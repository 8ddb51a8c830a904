import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, comments, creditCards, referrals, users } from "../../db/schema";
import { buildDemoData } from "../../db/seed/demo";
import { recomputeReferrerRating } from "~/modules/reputation/rating.server";
import { testDb } from "./helpers";

/** Inserts rows a few at a time (D1 binds at most 100 parameters per statement). */
async function insertAll<T extends Record<string, unknown>>(
  table: Parameters<ReturnType<typeof testDb>["insert"]>[0],
  rows: T[],
) {
  // D1 binds at most 100 parameters: two rows of the widest table (referrals) at a time.
  for (let index = 0; index < rows.length; index += 2) {
    await testDb()
      .insert(table)
      .values(rows.slice(index, index + 2) as never);
  }
}

describe("demo seed", () => {
  it("stores each referrer's rating and each referral's successful count as the app would compute them", async () => {
    const demo = buildDemoData("not-a-real-hash");
    // Fresh names so the demo people never clash with other tests' users.
    const people = demo.users.map((user) => ({
      ...user,
      username: `seed_${user.username}_${user.id.slice(0, 4)}`,
      email: `seed_${user.id}@example.test`,
    }));
    await insertAll(users, people);
    await insertAll(
      creditCards,
      // Fresh names and slugs: other files (the search scale test) insert the demo catalogue too.
      demo.cards.map((card) => ({
        ...card,
        name: `${card.name} ${card.id.slice(0, 4)}`,
        slug: `${card.slug}-${card.id.slice(0, 6)}`,
      })),
    );
    await insertAll(referrals, demo.referrals);
    await insertAll(applications, demo.applications);
    await insertAll(comments, demo.comments);

    const db = testDb();
    const ids = people.map((person) => person.id);
    const referralIds = demo.referrals.map((referral) => referral.id);
    const seeded = await db
      .select({ id: users.id, rating: users.rating, reviewCount: users.reviewCount })
      .from(users)
      .where(inArray(users.id, ids))
      .all();
    const seededCounts = await db
      .select({ id: referrals.id, successfulCount: referrals.successfulCount })
      .from(referrals)
      .where(inArray(referrals.id, referralIds))
      .all();
    expect(seeded.some((person) => person.reviewCount > 0)).toBe(true);

    await db.batch(ids.map((id) => recomputeReferrerRating(db, id)) as never);
    const recomputed = await db
      .select({ id: users.id, rating: users.rating, reviewCount: users.reviewCount })
      .from(users)
      .where(inArray(users.id, ids))
      .all();
    const byId = new Map(recomputed.map((row) => [row.id, row]));
    for (const person of seeded) {
      expect(person.reviewCount).toBe(byId.get(person.id)?.reviewCount);
      if (person.rating === null) expect(byId.get(person.id)?.rating).toBeNull();
      else expect(person.rating).toBeCloseTo(byId.get(person.id)!.rating!, 10);
    }

    const { SUCCESSFUL_STATUSES } = await import("../../db/factories");
    for (const referral of seededCounts) {
      const successful = demo.applications.filter(
        (application) => application.referralId === referral.id && SUCCESSFUL_STATUSES.includes(application.status!),
      ).length;
      expect(referral.successfulCount).toBe(successful);
    }
  });
});
