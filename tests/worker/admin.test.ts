import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { makeCard, makeReferral, uniqueSuffix } from "../../db/factories";
import { creditCards, referrals, sessions, users } from "../../db/schema";
import { adminReferralsQuery, listAdminApplications, listAdminReferrals } from "~/modules/admin/activity.server";
import { readSharedFilters } from "~/modules/admin/filters.server";
import { ADMIN_MESSAGES } from "~/modules/admin/messages";
import { listUsers, listUsersQuery, setAdmin } from "~/modules/admin/users.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { hashPassword } from "~/modules/auth/password.server";
import { listIssuers } from "~/modules/cards/cards.server";
import { CARD_MESSAGES } from "~/modules/cards/schemas";
import { listTips, tipSummary } from "~/modules/payments/admin.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { ADMIN_ONLY_MESSAGE, type Actor } from "~/core/actor";
import { contextFor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { createRealtime } from "~/modules/realtime/realtime.server";
import { parseEnv } from "~/utils/env.server";
import { encodeCursor } from "~/utils/keyset.server";
import { failingDb } from "./failing-db";
import { createSignedInUser, createUser, fetchPath, fetchWithEnv, postJson, testDb } from "./helpers";

const PAGES = [
  "/admin",
  "/admin/creditcards",
  "/admin/creditcards/create",
  "/admin/users",
  "/admin/referrals",
  "/admin/applications",
  "/admin/reports",
  "/admin/disputes",
  "/admin/valuations",
  "/admin/audit",
  "/admin/notifications",
];

/** A domain function's context for `actor`, built the way the route kit builds it. */
const contextAs = (actor: Actor | null) =>
  contextFor(
    {
      env: parseEnv(env as never),
      db: testDb(),
      waitUntil: () => {},
      realtime: createRealtime(env),
      notifications: env.NOTIFICATIONS,
    },
    actor,
  );

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return fetchPath(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function insertCard(overrides: Parameters<typeof makeCard>[0] = {}) {
  const card = makeCard(overrides);
  await testDb().insert(creditCards).values(card);
  return card;
}

describe("admin pages: role checked on the server", () => {
  it("sends members to '/' with the spec's toast and visitors to /auth, from every admin page", async () => {
    const card = await insertCard();
    const member = await createSignedInUser();
    for (const path of [...PAGES, `/admin/creditcards/edit/${card.id}`]) {
      const denied = await fetchPath(path, { headers: { Cookie: member.cookie } });
      expect(denied.status, path).toBe(302);
      expect(denied.headers.get("Location"), path).toBe("/");
      expect(denied.headers.get("Set-Cookie"), path).toContain("__toast=");
      const visitor = await fetchPath(path);
      expect(visitor.headers.get("Location"), path).toMatch(/^\/auth\?redirectTo=/);
    }
    const toast = (await fetchPath("/admin", { headers: { Cookie: member.cookie } })).headers.get("Set-Cookie")!;
    const home = await fetchPath("/terms", { headers: { Cookie: `${member.cookie}; ${toast.split(";")[0]}` } });
    expect(await home.text()).toContain(ADMIN_ONLY_MESSAGE);
  });

  it("renders every admin page for an admin", async () => {
    const card = await insertCard({ name: "Rendered Card" });
    const admin = await createSignedInUser({ isAdmin: true });
    for (const path of [...PAGES, `/admin/creditcards/edit/${card.id}`]) {
      const page = await fetchPath(path, { headers: { Cookie: admin.cookie } });
      expect(page.status, path).toBe(200);
    }
    // An unknown card's edit page goes back to the list with the server's message as the toast.
    const missing = await fetchPath("/admin/creditcards/edit/no-such-card", { headers: { Cookie: admin.cookie } });
    expect(missing.headers.get("Location")).toBe("/admin/creditcards");
    const toast = missing.headers.get("Set-Cookie")!.split(";")[0];
    const list = await fetchPath("/admin/creditcards", { headers: { Cookie: `${admin.cookie}; ${toast}` } });
    expect(await list.text()).toContain(CARD_MESSAGES.notFound);
  });

  it("answers 403 to every admin page action posted by a member, changing nothing", async () => {
    const card = await insertCard();
    const target = await createUser();
    const referral = makeReferral(target.id, card.id);
    await testDb().insert(referrals).values(referral);
    const member = await createSignedInUser();
    const posts: [string, Record<string, string>][] = [
      ["/admin/creditcards?index", { intent: "delete", id: card.id }],
      ["/admin/creditcards?index", { intent: "deactivate", id: card.id }],
      ["/admin/creditcards/create", { name: "Sneaky", issuer: "X" }],
      [`/admin/creditcards/edit/${card.id}`, { name: "Sneaky", issuer: "X" }],
      ["/admin/users", { intent: "deactivate", id: target.id }],
      ["/admin/users", { intent: "grant-admin", id: member.user.id }],
      ["/admin/referrals", { intent: "deactivate", id: referral.id }],
      ["/admin/disputes", { intent: "close", id: "any-application" }],
      ["/admin/valuations", { intent: "update", id: "val-chase-ur", centsPerPoint: "9" }],
    ];
    for (const [path, fields] of posts) {
      expect((await postForm(path, member.cookie, fields)).status, `${path} ${fields.intent}`).toBe(403);
    }
    expect(await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get()).toMatchObject({
      name: card.name,
      active: true,
    });
    expect(await testDb().select().from(users).where(eq(users.id, target.id)).get()).toMatchObject({
      deactivatedAt: null,
    });
    expect((await testDb().select().from(users).where(eq(users.id, member.user.id)).get())?.isAdmin).toBe(false);
    expect((await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get())?.isActive).toBe(true);
  });
});

describe("admin reads check the role themselves", () => {
  it("refuses a member (403) and a visitor calling an admin read directly, whatever the adapter", async () => {
    const member = await createUser();
    const reads = {
      listUsers: (ctx: Ctx) => listUsers(ctx, {}),
      listAdminReferrals: (ctx: Ctx) => listAdminReferrals(ctx, {}),
      listAdminApplications: (ctx: Ctx) => listAdminApplications(ctx, {}),
      readSharedFilters: (ctx: Ctx) => readSharedFilters(ctx, { user: member.username }),
      tipSummary: (ctx: Ctx) => tipSummary(ctx),
      listTips: (ctx: Ctx) => listTips(ctx, {}),
    };
    for (const [name, read] of Object.entries(reads)) {
      for (const actor of [{ id: member.id, isAdmin: false }, null]) {
        const refused = await read(contextAs(actor)).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused, `${name} as ${actor ? "a member" : "a visitor"}`).toBeInstanceOf(DomainError);
        expect(refused).toMatchObject({ status: 403, message: ADMIN_ONLY_MESSAGE, code: "ADMIN_ONLY" });
      }
    }
    const asAdmin = await listUsers(contextAs({ id: "x", isAdmin: true }), { q: member.username });
    expect(asAdmin.items.map((row) => row.id)).toEqual([member.id]);
  });
});

describe("admin referral actions", () => {
  it("deactivates and reopens a member's referral; a reopen beside another active one is refused", async () => {
    const card = await insertCard();
    const owner = await createUser();
    const older = makeReferral(owner.id, card.id);
    await testDb().insert(referrals).values(older);
    const admin = await createSignedInUser({ isAdmin: true });
    const isActive = async () =>
      (await testDb().select().from(referrals).where(eq(referrals.id, older.id)).get())?.isActive;

    const deactivated = await postForm("/admin/referrals", admin.cookie, {
      intent: "deactivate",
      id: older.id,
      redirectTo: "/admin/referrals?status=active",
    });
    expect(deactivated.status).toBe(302);
    expect(deactivated.headers.get("Location")).toBe("/admin/referrals?status=active");
    expect(await isActive()).toBe(false);

    // The owner publishes a new referral for the card; the old one cannot come back beside it.
    await testDb().insert(referrals).values(makeReferral(owner.id, card.id));
    const refused = await postForm("/admin/referrals", admin.cookie, { intent: "reopen", id: older.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(REFERRAL_MESSAGES.memberDuplicateActive);
    expect(await isActive()).toBe(false);

    const unknown = await postForm("/admin/referrals", admin.cookie, { intent: "reopen", id: "nope" });
    expect(unknown.status).toBe(404);
  });
});

describe("admin deactivation is moderation", () => {
  it("the owner cannot reopen what an admin deactivated; the admin's reopen lets them manage it again", async () => {
    const card = await insertCard();
    const owner = await createSignedInUser();
    const referral = makeReferral(owner.user.id, card.id);
    await testDb().insert(referrals).values(referral);
    const admin = await createSignedInUser({ isAdmin: true });
    const ownerReopen = () =>
      postJson(`/api/referrals/card-refer/reopen/${referral.id}`, {}, { Authorization: `Bearer ${owner.token}` });

    await postForm("/admin/referrals", admin.cookie, { intent: "deactivate", id: referral.id });
    const refused = await ownerReopen();
    expect(refused.response.status).toBe(403);
    expect(refused.body.message).toBe(REFERRAL_MESSAGES.moderated);
    const row = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(row).toMatchObject({ isActive: false, moderatedAt: expect.any(Date) });

    // Nor can they publish it again, for the same card or under another card with the same link.
    const otherCard = await insertCard();
    for (const [creditCardId, referralLink] of [
      [card.id, "https://refer.example/a-fresh-link"],
      [otherCard.id, referral.referralLink],
    ]) {
      const republished = await postJson(
        "/api/referrals/card-refer/generate",
        { creditCardId, referralLink, sharingBenefitPortion: 0 },
        { Authorization: `Bearer ${owner.token}` },
      );
      expect(republished.response.status, creditCardId).toBe(403);
      expect(republished.body.message).toBe(REFERRAL_MESSAGES.moderatedRepublish);
    }
    expect(await testDb().select().from(referrals).where(eq(referrals.referrerId, owner.user.id)).all()).toHaveLength(
      1,
    );

    // The owner's list says why there is no Reopen button; the admin list says who deactivated it.
    const mine = await (await fetchPath("/dashboard/my-referrals", { headers: { Cookie: owner.cookie } })).text();
    expect(mine).toContain(REFERRAL_MESSAGES.moderatedNote);
    const listed = await (
      await fetchPath(`/admin/referrals?card=${card.id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(listed).toContain(REFERRAL_MESSAGES.moderatedStatus);
    expect(listed).toContain('value="reopen"');

    await postForm("/admin/referrals", admin.cookie, { intent: "reopen", id: referral.id });
    expect(await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get()).toMatchObject({
      isActive: true,
      moderatedAt: null,
    });
    const markInactive = await postJson(
      `/api/referrals/card-refer/mark-inactive/${referral.id}`,
      {},
      { Authorization: `Bearer ${owner.token}` },
    );
    expect(markInactive.response.status).toBe(200);
    expect((await ownerReopen()).response.status).toBe(200);
  });

  it("an admin can take down a referral its owner paused, and the owner cannot bring it back", async () => {
    const card = await insertCard();
    const owner = await createSignedInUser();
    const referral = makeReferral(owner.user.id, card.id, { isActive: false });
    await testDb().insert(referrals).values(referral);
    const admin = await createSignedInUser({ isAdmin: true });
    const listed = await (
      await fetchPath(`/admin/referrals?card=${card.id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(listed).toContain(`confirm=deactivate%3A${referral.id}`);
    expect(listed).not.toContain('value="reopen"');

    await postForm("/admin/referrals", admin.cookie, { intent: "deactivate", id: referral.id });
    expect(await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get()).toMatchObject({
      isActive: false,
      moderatedAt: expect.any(Date),
    });
    const reopened = await postJson(
      `/api/referrals/card-refer/reopen/${referral.id}`,
      {},
      { Authorization: `Bearer ${owner.token}` },
    );
    expect(reopened.response.status).toBe(403);
  });
});

describe("admin card form", () => {
  it("reads an unchecked Active box as inactive, a checked one as active, and toasts success", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const issuer = `Form Bank ${uniqueSuffix()}`;
    const base = { name: "Form Card", issuer, category: "Cashback", annualFee: "0", referralBonusAmount: "5" };
    const off = await postForm("/admin/creditcards/create", admin.cookie, base);
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/admin/creditcards");
    const on = await postForm("/admin/creditcards/create", admin.cookie, { ...base, name: "On Card", active: "on" });
    expect(on.status).toBe(302);
    const rows = await testDb().select().from(creditCards).where(eq(creditCards.issuer, issuer)).all();
    expect(Object.fromEntries(rows.map((row) => [row.name, row.active]))).toEqual({
      "Form Card": false,
      "On Card": true,
    });
  });

  it("saves the structured welcome offer, and refuses a negative spend or more than 36 months", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const issuer = `Offer Form Bank ${uniqueSuffix()}`;
    const offer = { offerAmount: "75000", offerUnit: "Points", offerMinSpend: "5000", offerMonths: "3" };
    const saved = await postForm("/admin/creditcards/create", admin.cookie, { name: "Offer Card", issuer, ...offer });
    expect(saved.status).toBe(302);
    const row = await testDb().select().from(creditCards).where(eq(creditCards.issuer, issuer)).get();
    expect(row).toMatchObject({ offerAmount: 75000, offerUnit: "Points", offerMinSpend: 5000, offerMonths: 3 });
    const edit = await fetchPath(`/admin/creditcards/edit/${row!.id}`, { headers: { Cookie: admin.cookie } });
    expect(await edit.text()).toContain('name="offerMinSpend"');

    const refused = await postForm("/admin/creditcards/create", admin.cookie, {
      name: "Bad Offer",
      issuer,
      offerMinSpend: "-1",
      offerMonths: "37",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(CARD_MESSAGES.spendNegative);
    expect(html).toContain("That number is too large");
  });

  it("answers each invalid field with the spec's message", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const response = await postForm("/admin/creditcards/create", admin.cookie, {
      name: "  ",
      issuer: "",
      annualFee: "-1",
      referralBonusAmount: "-2",
      maxReferCount: "-3",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      CARD_MESSAGES.nameRequired,
      CARD_MESSAGES.issuerRequired,
      CARD_MESSAGES.feeNegative,
      CARD_MESSAGES.bonusNegative,
      CARD_MESSAGES.maxReferNegative,
      CARD_MESSAGES.invalidForm,
    ]) {
      expect(html).toContain(message);
    }
  });

  it("refuses to delete a card with referrals and offers to mark it inactive", async () => {
    // An issuer of its own, so the card is on the list's first page whatever other tests inserted.
    const card = await insertCard({ issuer: `Delete Bank ${uniqueSuffix()}` });
    const referrer = await createUser();
    await testDb().insert(referrals).values(makeReferral(referrer.id, card.id));
    const admin = await createSignedInUser({ isAdmin: true });
    const listed = `/admin/creditcards?index&issuer=${encodeURIComponent(card.issuer)}&confirm=${card.id}`;
    const refused = await postForm(listed, admin.cookie, {
      intent: "delete",
      id: card.id,
    });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("so deleting it would orphan them");
    expect(html).toContain("Mark as Inactive");
    const inactive = await postForm("/admin/creditcards?index", admin.cookie, {
      intent: "deactivate",
      id: card.id,
    });
    expect(inactive.status).toBe(302);
    expect((await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get())?.active).toBe(false);
    expect(await testDb().select().from(referrals).where(eq(referrals.creditCardId, card.id)).all()).toHaveLength(1);
  });
});

describe("user management", () => {
  it("deactivates a user: sessions end at once, sign-in is refused, reactivation restores sign-in", async () => {
    const password = "s3cure-passw0rd";
    const target = await createSignedInUser({ passwordHash: await hashPassword(password) });
    const admin = await createSignedInUser({ isAdmin: true });

    const done = await postForm("/admin/users", admin.cookie, { intent: "deactivate", id: target.user.id });
    expect(done.status).toBe(302);
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, target.user.id)).all()).toEqual([]);
    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${target.token}` } })).status).toBe(
      401,
    );
    const login = await postJson("/api/users/login", { email: target.user.email, password });
    expect(login.response.status).toBe(403);
    expect(login.body.message).toBe(AUTH_MESSAGES.deactivated);

    await postForm("/admin/users", admin.cookie, { intent: "reactivate", id: target.user.id });
    expect((await postJson("/api/users/login", { email: target.user.email, password })).response.status).toBe(200);
  });

  it("grants and revokes admin, never for oneself", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const other = await createUser();
    const isAdmin = async () => (await testDb().select().from(users).where(eq(users.id, other.id)).get())?.isAdmin;
    const granted = await postForm("/admin/users", admin.cookie, { intent: "grant-admin", id: other.id });
    expect(granted.status).toBe(302);
    expect(await isAdmin()).toBe(true);
    const revoked = await postForm("/admin/users", admin.cookie, { intent: "revoke-admin", id: other.id });
    expect(revoked.status).toBe(302);
    expect(await isAdmin()).toBe(false);
    await setAdmin(contextAs({ id: admin.user.id, isAdmin: true }), { userId: other.id, isAdmin: true });
    expect(await isAdmin()).toBe(true);

    const self = await postForm("/admin/users", admin.cookie, { intent: "revoke-admin", id: admin.user.id });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain(ADMIN_MESSAGES.notSelf);
    expect((await testDb().select().from(users).where(eq(users.id, admin.user.id)).get())?.isAdmin).toBe(true);
  });
});

describe("admin lists at scale: indexed reads, keyset pages", () => {
  const tag = `bulk${uniqueSuffix()}`;
  const BULK = 2000;
  let cardId: string;

  beforeAll(async () => {
    cardId = (await insertCard({ issuer: `Bulk Issuer ${tag}` })).id;
    // Generated in SQL: thousands of rows without thousands of bound parameters.
    await env.DB.prepare(
      `INSERT INTO users (id, username, email, first_name, last_name, created_at, updated_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
       SELECT '${tag}u' || i, '${tag}_user' || i, '${tag}' || i || '@example.test', 'Bulk', 'Person' || i, 1000 + i, 1000 + i FROM n`,
    ).run();
    await env.DB.prepare(
      `INSERT INTO referrals (id, referrer_id, credit_card_id, referral_link, normalized_link, duplicate_of_id, created_at, updated_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
       SELECT '${tag}r' || i, '${tag}u' || i, '${cardId}', 'https://r.example/' || (i % 1000), 'https://r.example/' || (i % 1000),
              '${tag}r' || CASE WHEN i > 1000 THEN i - 1000 ELSE i + 1000 END, 1000 + i, 1000 + i FROM n`,
    ).run();
    // Newer (inactive) referrals with links of their own: not duplicates.
    await env.DB.prepare(
      `INSERT INTO referrals (id, referrer_id, credit_card_id, referral_link, normalized_link, is_active, created_at, updated_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
       SELECT '${tag}s' || i, '${tag}u' || (1000 + i), '${cardId}', 'https://s.example/${tag}/' || i, 'https://s.example/${tag}/' || i, 0, 5000 + i, 5000 + i FROM n`,
    ).run();
  });

  async function measure(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const { sql, params } = query.toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const run = await env.DB.prepare(sql)
      .bind(...params)
      .all();
    return { plan: plan.results.map((row) => row.detail).join("\n"), rowsRead: run.meta.rows_read, rows: run.results };
  }

  it("searches users by indexed prefix ranges, reading only the matches", async () => {
    const search = await measure(listUsersQuery(testDb(), { q: `${tag}_user1234` }, 50));
    expect(search.rows).toHaveLength(1);
    expect(search.plan).toContain("MULTI-INDEX OR");
    expect(search.plan).not.toMatch(/SCAN users(?! USING)/);
    expect(search.rowsRead).toBeLessThan(20);

    const byName = await measure(listUsersQuery(testDb(), { q: "bulk person1999" }, 50));
    expect(byName.rows.length).toBeGreaterThanOrEqual(1);
    expect(byName.rowsRead).toBeLessThan(40);

    const admin = { id: "x", isAdmin: true };
    const page = await listUsers(contextAs(admin), { q: `${tag}_user12`, limit: 5 });
    expect(page.items).toHaveLength(5);
    const next = await listUsers(contextAs(admin), { q: `${tag}_user12`, limit: 5, cursor: page.nextCursor });
    expect(next.items.map((row) => row.id)).not.toContain(page.items[0].id);
  });

  it("pages users newest first on an index, however many there are", async () => {
    // The page starts just after the newest bulk user (they were created at 1001..3000 ms), so other
    // test files' users (shared storage, created now, some with thousands of referrals) stay out of it.
    const afterBulk = encodeCursor([1000 + BULK + 1, "~"]);
    const first = await measure(listUsersQuery(testDb(), { cursor: afterBulk }, 50));
    expect(first.plan).toContain("users_created_at_idx");
    expect(first.rows).toHaveLength(51);
    // The page plus each listed user's counts, read on indexes; a scan of the 2,000 bulk users would not fit.
    expect(first.rowsRead).toBeLessThan(BULK / 2);
    const counted = await listUsers(contextAs({ id: "x", isAdmin: true }), { q: `${tag}_user77`, limit: 1 });
    expect(counted.items[0]).toMatchObject({ referralsCount: 1, applicationsCount: 0 });
  });

  it("pages a card's referrals with duplicate-link flags on indexes", async () => {
    const admin = { id: "x", isAdmin: true };
    const page = await listAdminReferrals(contextAs(admin), { cardId, limit: 50 });
    expect(page.items).toHaveLength(50);
    expect(page.items.every((row) => !row.duplicate)).toBe(true);
    let cursor = page.nextCursor;
    for (let seen = 50; seen < 200; seen += 50) {
      cursor = (await listAdminReferrals(contextAs(admin), { cardId, limit: 50, cursor })).nextCursor;
    }
    const next = await listAdminReferrals(contextAs(admin), { cardId, limit: 50, cursor });
    expect(next.items).toHaveLength(50);
    expect(next.items.every((row) => row.duplicate)).toBe(true);
    expect(next.items[0].createdAt.getTime()).toBeLessThan(page.items[49].createdAt.getTime());
  });

  it("lists duplicates only, newest first, on the duplicates index", async () => {
    const admin = { id: "x", isAdmin: true };
    const only = await measure(adminReferralsQuery(testDb(), { duplicatesOnly: true }, 50));
    expect(only.plan).toContain("referrals_duplicate_idx");
    expect(only.rows).toHaveLength(51);
    expect(only.rowsRead).toBeLessThan(400);
    const page = await listAdminReferrals(contextAs(admin), { cardId, duplicatesOnly: true, limit: 50 });
    expect(page.items.map((row) => row.id)).toEqual(Array.from({ length: 50 }, (_, index) => `${tag}r${BULK - index}`));
    const last = await listAdminReferrals(contextAs(admin), {
      link: "https://R.example/7/",
      duplicatesOnly: true,
    });
    expect(last.items.map((row) => row.id).sort()).toEqual([`${tag}r1007`, `${tag}r7`].sort());

    const { cookie } = await createSignedInUser({ isAdmin: true });
    const html = await (
      await fetchPath(`/admin/referrals?card=${cardId}&duplicates=on`, { headers: { Cookie: cookie } })
    ).text();
    expect(html).toMatch(/<input[^>]*name="duplicates"[^>]*checked=""/);
    expect(html).toContain(`${tag}_user2000`);
    expect(html).not.toContain(`s.example/${tag}`);
    const all = await (await fetchPath(`/admin/referrals?card=${cardId}`, { headers: { Cookie: cookie } })).text();
    expect(all).toContain(`s.example/${tag}`);
  });

  it("lists distinct issuers with one index seek per issuer", async () => {
    const issuers = await listIssuers(contextAs({ id: "x", isAdmin: true }));
    expect(issuers).toContain(`Bulk Issuer ${tag}`);
    expect(issuers).toEqual([...issuers].sort());
  });
});

describe("admin forms refuse what a page never sends (4xx, never a 500, nothing changed)", () => {
  const bodies: [string, Record<string, string>, string, number][] = [
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ intent: "delete" }), 415],
    ["plain text", { "Content-Type": "text/plain" }, "intent=delete", 415],
    [
      "broken multipart",
      { "Content-Type": "multipart/form-data; boundary=cut" },
      '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete',
      400,
    ],
  ];

  it("answers JSON, plain text and broken multipart with 415 / 400, logging nothing", async () => {
    const card = await insertCard();
    const target = await createUser();
    const admin = await createSignedInUser({ isAdmin: true });
    const logged = vi.spyOn(console, "error");
    const paths = [
      "/admin/creditcards?index",
      "/admin/creditcards/create",
      `/admin/creditcards/edit/${card.id}`,
      "/admin/users",
      "/admin/referrals",
    ];
    for (const path of paths) {
      for (const [kind, headers, body, status] of bodies) {
        const response = await fetchPath(path, { method: "POST", headers: { Cookie: admin.cookie, ...headers }, body });
        expect(response.status, `${path} ${kind}`).toBe(status);
      }
    }
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    expect(await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get()).toMatchObject({
      name: card.name,
      active: true,
    });
    expect((await testDb().select().from(users).where(eq(users.id, target.id)).get())?.deactivatedAt).toBeNull();
  });

  it("answers intents that are prototype keys or unknown with 400", async () => {
    const card = await insertCard();
    const target = await createUser();
    const referral = makeReferral(target.id, card.id);
    await testDb().insert(referrals).values(referral);
    const admin = await createSignedInUser({ isAdmin: true });
    const rows: [string, string][] = [
      ["/admin/creditcards?index", card.id],
      ["/admin/users", target.id],
      ["/admin/referrals", referral.id],
    ];
    for (const [path, id] of rows) {
      for (const intent of ["constructor", "__proto__", "toString", "hasOwnProperty", "drop-everything"]) {
        const response = await postForm(path, admin.cookie, { intent, id });
        expect(response.status, `${path} ${intent}`).toBe(400);
      }
    }
    expect((await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get())?.active).toBe(true);
    expect((await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get())?.isActive).toBe(true);
  });

  it("answers a card form with a field posted twice with its errors, rendering cleanly", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const logged = vi.spyOn(console, "error");
    const response = await fetchPath("/admin/creditcards/create", {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=Twice&issuer=Twice%20Bank&category=Travel&category=Dining",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CARD_MESSAGES.invalidForm);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("refuses a list's filter value no control sends with a 400 page", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    for (const path of [
      "/admin/applications?status=everything",
      "/admin/referrals?status=deleted",
      `/admin/users?cursor=${"x".repeat(1100)}`,
    ]) {
      expect((await fetchPath(path, { headers: { Cookie: admin.cookie } })).status, path).toBe(400);
    }
    // A form's "All" option sends an empty value: that is every status.
    expect((await fetchPath("/admin/applications?status=", { headers: { Cookie: admin.cookie } })).status).toBe(200);
  });
});

describe("admin card failures without a server message use the spec's texts", () => {
  /** What a request answers while D1 fails; the failure is logged, never shown. */
  const outage = async (run: () => Promise<Response>) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await run();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    return { status: response.status, html: await response.text() };
  };
  const post = (path: string, cookie: string, fields: Record<string, string>, fails: RegExp) =>
    fetchWithEnv(
      path,
      { DB: failingDb(fails) },
      {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      },
    );

  it("'Failed to load credit cards' when the list cannot be read", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const page = await outage(() =>
      fetchWithEnv("/admin/creditcards", { DB: failingDb(/credit_cards/) }, { headers: { Cookie: admin.cookie } }),
    );
    expect(page.status).toBe(500);
    expect(page.html).toContain(CARD_MESSAGES.listFailed);
    expect(page.html).not.toContain("simulated_outage");
  });

  it("'Failed to create credit card' and 'Failed to update credit card' beside the form", async () => {
    const card = await insertCard();
    const admin = await createSignedInUser({ isAdmin: true });
    const fields = { name: "Outage Card", issuer: "Outage Bank", active: "on" };
    const created = await outage(() =>
      post("/admin/creditcards/create", admin.cookie, fields, /^insert into "credit_cards"/i),
    );
    expect(created.status).toBe(500);
    expect(created.html).toContain(CARD_MESSAGES.createFailed);
    expect(created.html).toContain('value="Outage Card"');
    const updated = await outage(() =>
      post(`/admin/creditcards/edit/${card.id}`, admin.cookie, fields, /^update "credit_cards"/i),
    );
    expect(updated.status).toBe(500);
    expect(updated.html).toContain(CARD_MESSAGES.updateFailed);
    expect((await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get())?.name).toBe(card.name);
  });

  it("'Failed to delete credit card' on the list", async () => {
    const card = await insertCard({ issuer: `Outage Bank ${uniqueSuffix()}` });
    const admin = await createSignedInUser({ isAdmin: true });
    const deleted = await outage(() =>
      post(
        `/admin/creditcards?index&confirm=${card.id}`,
        admin.cookie,
        { intent: "delete", id: card.id },
        /^delete from "credit_cards"/i,
      ),
    );
    expect(deleted.status).toBe(500);
    expect(deleted.html).toContain(CARD_MESSAGES.deleteFailed);
    expect(await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get()).toBeDefined();
  });
});
