import { OUTCOME_STATUSES } from "../../db/enums";
import { env } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NewUser } from "../../db/factories";
import {
  applicationOutcomes,
  applications,
  comments,
  creditCards,
  referralDaily,
  referrals,
  users,
} from "../../db/schema";
import { buildDemoActivity } from "../../db/seed/activity";
import { buildDemoData } from "../../db/seed/demo";
import { derivedStatements } from "../../scripts/lib/seed-derived";
import { insertStatements } from "../../db/seed/sql";
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

describe("demo activity", () => {
  it("loads, and the app's own statements derive each referrer's figures and each review's stage from it", async () => {
    const now = new Date();
    const demo = buildDemoData("not-a-real-hash", now);
    const activity = buildDemoActivity(demo, "not-a-real-hash", now);
    const rename = (user: NewUser) => ({
      ...user,
      username: `act_${user.username}_${user.id.slice(0, 4)}`,
      email: `act_${user.id}@example.test`,
    });
    const statements = [
      ...insertStatements(users, [...demo.users, ...activity.users].map(rename)),
      ...insertStatements(
        creditCards,
        demo.cards.map((card) => ({
          ...card,
          name: `${card.name} ${card.id.slice(0, 5)}`,
          slug: `${card.slug}-${card.id.slice(0, 7)}`,
        })),
      ),
      ...insertStatements(referrals, demo.referrals),
      ...insertStatements(applications, [...demo.applications, ...activity.applications]),
      ...insertStatements(applicationOutcomes, activity.outcomes),
      ...insertStatements(referralDaily, activity.daily),
      ...insertStatements(comments, [...demo.comments.filter((c) => !c.originalCommentId), ...activity.comments]),
      ...derivedStatements({
        referrerIds: demo.users.map((user) => user.id),
        reviews: activity.comments.map((review) => ({
          reviewId: review.id,
          applicationId: review.applicationId!,
          referralId: review.referralId,
          applicantId: review.authorId,
        })),
      }),
    ];
    for (let start = 0; start < statements.length; start += 50) {
      await env.DB.batch(statements.slice(start, start + 50).map((text) => env.DB.prepare(text)));
    }

    const steps = (applicationId: string) =>
      new Set(activity.outcomes.filter((o) => o.applicationId === applicationId).map((o) => o.step));
    const figures = await testDb()
      .select({
        id: users.id,
        confirmedSuccesses: users.confirmedSuccesses,
        sharesPaid: users.sharesPaid,
        reviewCount: users.reviewCount,
      })
      .from(users)
      .where(
        inArray(
          users.id,
          demo.users.map((user) => user.id),
        ),
      )
      .all();
    expect(figures.some((person) => person.confirmedSuccesses >= 5)).toBe(true);
    for (const person of figures) {
      const theirs = activity.applications.filter((a) => a.referrerId === person.id).map((a) => steps(a.id));
      expect(person.confirmedSuccesses).toBe(
        theirs.filter((s) => s.has("bonus-posted") && s.has("bonus-received")).length,
      );
      expect(person.sharesPaid).toBe(theirs.filter((s) => s.has("share-received")).length);
    }
    const reviews = await testDb()
      .select({ id: comments.id, stage: comments.stage, confirmedAt: comments.ratingConfirmedAt })
      .from(comments)
      .where(
        inArray(
          comments.id,
          activity.comments.map((c) => c.id),
        ),
      )
      .all();
    expect(reviews).toHaveLength(activity.comments.length);
    for (const review of reviews) {
      const comment = activity.comments.find((c) => c.id === review.id)!;
      const application = activity.applications.find((a) => a.id === comment.applicationId)!;
      const done = steps(application.id);
      expect(review.stage).toBe(done.has("share-received") ? "share" : "bonus");
      // A review written after the outcome is its confirmed rating: it counts (docs/decisions/175).
      expect(review.confirmedAt !== null).toBe((OUTCOME_STATUSES as readonly string[]).includes(application.status!));
    }
  }, 60_000);
});
