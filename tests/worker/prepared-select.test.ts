/**
 * preparedSelect (app/utils/d1-statement.server.ts): a drizzle select built once per isolate, its
 * placeholders filled per request and its rows decoded by the schema's columns, as /refer's batch
 * reads the picker's issuers and My Referrals (issue 34).
 */
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { makeCard, makeComment, makeReferral } from "../../db/factories";
import { comments, creditCards, referrals, users } from "../../db/schema";
import { referralsThreadsQuery } from "../../app/modules/comments/comments.server";
import { listMyReferrals, MY_REFERRALS_PAGE } from "../../app/modules/referrals/user-referrals.server";
import { preparedSelect } from "../../app/utils/d1-statement.server";
import { encodeCursor } from "../../app/utils/keyset.server";
import { contextFor } from "../../app/core/context.server";
import { createSignedInUser, fetchPath, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

/** A referrer with `count` referrals, each on its own card, one a second apart (the newest last). */
async function referrerWith(count: number, label: string) {
  const db = testDb();
  const referrer = await createSignedInUser();
  const start = Date.now() - count * 1000;
  const cards = Array.from({ length: count }, (_, index) => makeCard({ name: `${label} card ${index}` }));
  const rows = cards.map((card, index) =>
    makeReferral(referrer.user.id, card.id, { createdAt: new Date(start + index * 1000) }),
  );
  const [first, ...rest] = [
    ...cards.map((card) => db.insert(creditCards).values(card)),
    ...rows.map((row) => db.insert(referrals).values(row)),
  ];
  await db.batch([first!, ...rest]);
  return { referrer, referralIds: rows.map((row) => row.id) };
}

/** /refer's HTML for a member. */
async function referPage(cookie: string) {
  const response = await fetchPath("/refer", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("preparedSelect", () => {
  it("decodes rows as drizzle's own select does: nested people, dates, booleans by mapWith, nulls", async () => {
    const market = await createMarket();
    const db = testDb();
    const review = makeComment(market.referral.id, market.applicant.user.id, {
      applicationId: market.application.id,
      rating: 5,
    });
    const reply = makeComment(market.referral.id, market.referrer.user.id, {
      commentType: "referrerReply",
      rating: null,
      originalCommentId: review.id,
      createdAt: new Date(Date.now() + 1000),
    });
    await db.insert(comments).values([review, reply]);
    await db.update(users).set({ showFullName: false }).where(eq(users.id, market.applicant.user.id));

    const threads = preparedSelect((built) => referralsThreadsQuery(built, [market.referral.id]));
    const decoded = threads.decode(await threads.bind(db).all());
    const own = await referralsThreadsQuery(db, [market.referral.id]);
    expect(decoded).toEqual(own);
    expect(decoded).toHaveLength(2);
    expect(decoded[0]!.createdAt).toBeInstanceOf(Date);
    expect(decoded[0]!.reviewAuthor.showFullName).toBe(false);
    expect(decoded[1]!.rating).toBeNull();
  });

  it("builds its statement once and binds each call's own values", async () => {
    const first = await createMarket();
    const second = await createMarket();
    const db = testDb();
    let builds = 0;
    const referralOf = preparedSelect((built) => {
      builds += 1;
      return built
        .select({ id: referrals.id, createdAt: referrals.createdAt, isActive: referrals.isActive })
        .from(referrals)
        .where(eq(referrals.referrerId, sql.placeholder("referrerId")));
    });
    const read = async (referrerId: string) => referralOf.decode(await referralOf.bind(db, { referrerId }).all());
    expect(await read(first.referrer.user.id)).toEqual([
      { id: first.referral.id, createdAt: first.referral.createdAt, isActive: true },
    ]);
    expect((await read(second.referrer.user.id)).map((row) => row.id)).toEqual([second.referral.id]);
    expect(builds).toBe(1);
  });

  it("refuses a nested object from an outer join and a row whose column names repeat", async () => {
    const db = testDb();
    const card = alias(creditCards, "card");
    const outer = preparedSelect((built) =>
      built
        .select({ id: referrals.id, card: { name: card.name } })
        .from(referrals)
        .leftJoin(card, eq(card.id, referrals.creditCardId)),
    );
    expect(() => outer.bind(db)).toThrow(/card\.name comes from an outer join/);

    const { referrer } = await createMarket();
    const repeated = preparedSelect((built) =>
      built
        .select({ referralId: referrals.id, cardId: creditCards.id })
        .from(referrals)
        .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
        .where(eq(referrals.referrerId, referrer.user.id)),
    );
    const result = await repeated.bind(db).all();
    expect(() => repeated.decode(result)).toThrow(/1 columns for 2 fields/);
  });
});

describe("My Referrals, built once per isolate", () => {
  it("two members' /refer pages show each their own referrals and own cards' issuers, one after the other", async () => {
    const alice = await referrerWith(2, "Alice's");
    const bob = await referrerWith(1, "Bob's");
    // A card Alice added herself: its issuer is on her step 1 only (visibleTo, the viewer a placeholder).
    const own = makeCard({
      issuer: "Alice Own Bank",
      isUserAdded: true,
      active: false,
      createdById: alice.referrer.user.id,
    });
    await testDb().insert(creditCards).values(own);
    // A review on each one's newest referral: the threads' statement binds its owner too.
    const reviewer = await createSignedInUser();
    const reviewOf = (who: typeof alice) => `Review of ${who.referralIds.at(-1)}`;
    await testDb()
      .insert(comments)
      .values(
        [alice, bob].map((who) => makeComment(who.referralIds.at(-1)!, reviewer.user.id, { comment: reviewOf(who) })),
      );
    for (const [who, other] of [
      [alice, bob],
      [bob, alice],
      [alice, bob],
    ] as const) {
      const html = await referPage(who.referrer.cookie);
      for (const id of who.referralIds) expect(html).toContain(`name="id" value="${id}"`);
      for (const id of other.referralIds) expect(html).not.toContain(id);
      expect(html.includes("Alice Own Bank")).toBe(who === alice);
      expect(html).toContain(reviewOf(who));
      expect(html).not.toContain(reviewOf(other));
    }
  });

  it("pages with the cursor: the next page starts after the last one shown, per owner", async () => {
    const many = await referrerWith(MY_REFERRALS_PAGE + 1, "Many");
    const few = await referrerWith(1, "Few");
    const ctxOf = (user: { id: string }) => contextFor({ db: testDb() } as never, { id: user.id, isAdmin: false });
    const first = await listMyReferrals(ctxOf(many.referrer.user));
    expect(first.data).toHaveLength(MY_REFERRALS_PAGE);
    expect(first.data[0]!._id).toBe(many.referralIds.at(-1));
    expect(first.nextCursor).not.toBeNull();
    // Another owner's later page between them: each call binds its own owner and cursor.
    expect((await listMyReferrals(ctxOf(few.referrer.user), { cursor: first.nextCursor })).data).toEqual([]);
    const next = await listMyReferrals(ctxOf(many.referrer.user), { cursor: first.nextCursor });
    expect(next.data.map((referral) => referral._id)).toEqual([many.referralIds[0]]);
    expect(next.nextCursor).toBeNull();
    const page = await fetchPath(`/dashboard/my-referrals?cursor=${first.nextCursor}`, {
      headers: { Cookie: many.referrer.cookie },
    });
    const html = await page.text();
    expect(html).toContain(`name="id" value="${many.referralIds[0]}"`);
    expect(html).not.toContain(`name="id" value="${many.referralIds[1]}"`);
    // A cursor whose time no Date holds is no cursor: the first page, not a failed query.
    const beyond = await fetchPath(`/dashboard/my-referrals?cursor=${encodeCursor([1e16, "x"])}`, {
      headers: { Cookie: many.referrer.cookie },
    });
    expect(beyond.status).toBe(200);
    expect(await beyond.text()).toContain(`name="id" value="${many.referralIds.at(-1)}"`);
  });
});
