import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeDirectChat, makeMessage, makeReferral } from "../../db/factories";
import { auditLog, chatMembers, chats, creditCards, messages, referrals, reports } from "../../db/schema";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { REPORT_THRESHOLD } from "~/modules/reports/reports.server";
import { REPORT_MESSAGES } from "~/modules/reports/schemas";
import { api, createSignedInUser, fetchPath, latestEmailTo, testDb } from "./helpers";

async function liveReferral() {
  const db = testDb();
  const referrer = await createSignedInUser();
  const card = makeCard();
  const referral = makeReferral(referrer.user.id, card.id);
  await db.batch([db.insert(creditCards).values(card), db.insert(referrals).values(referral)]);
  return { referrer, card, referral };
}

const stateOf = (referralId: string) =>
  testDb()
    .select({ isActive: referrals.isActive, heldAt: referrals.heldAt, moderatedAt: referrals.moderatedAt })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();

const report = (token: string, body: Record<string, unknown>) => api("POST", "/api/reports", token, body);

/** Reports the referral from `count` new verified members; the answers in order. */
async function reportedBy(count: number, referralId: string) {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    const member = await createSignedInUser();
    answers.push(await report(member.token, { targetType: "referral", targetId: referralId, reason: "link-broken" }));
  }
  return answers;
}

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return fetchPath(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe("POST /api/reports", () => {
  it("refuses what cannot be reported, in words, changing nothing", async () => {
    const { referrer, referral } = await liveReferral();
    const member = await createSignedInUser();
    const unverified = await createSignedInUser({ emailVerifiedAt: null });
    const cases: [string, Record<string, unknown>, number, string | Record<string, string>][] = [
      [
        member.token,
        { targetType: "user", targetId: referrer.user.id, reason: "link-broken" },
        400,
        { reason: REPORT_MESSAGES.reasonNotFor },
      ],
      [
        member.token,
        { targetType: "referral", targetId: referral.id, reason: "other" },
        400,
        { note: REPORT_MESSAGES.noteRequired },
      ],
      [member.token, { targetType: "referral", targetId: "nope", reason: "spam" }, 404, REPORT_MESSAGES.notFound],
      [member.token, { targetType: "user", targetId: member.user.id, reason: "spam" }, 400, REPORT_MESSAGES.own],
      [referrer.token, { targetType: "referral", targetId: referral.id, reason: "spam" }, 400, REPORT_MESSAGES.own],
      [
        unverified.token,
        { targetType: "referral", targetId: referral.id, reason: "spam" },
        403,
        REPORT_MESSAGES.unverified,
      ],
    ];
    for (const [token, body, status, expected] of cases) {
      const answer = await report(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (typeof expected === "string") expect(answer.body.message).toBe(expected);
      else expect(answer.body.errors).toEqual(expected);
    }
    const rows = await testDb().select().from(reports).where(eq(reports.targetId, referral.id));
    expect(rows).toEqual([]);
    expect(
      (await api("POST", "/api/reports", null, { targetType: "user", targetId: "x", reason: "spam" })).status,
    ).toBe(401);
  });

  it("takes one report per member and target", async () => {
    const { referral } = await liveReferral();
    const member = await createSignedInUser();
    const body = { targetType: "referral", targetId: referral.id, reason: "offer-expired" };
    expect(await report(member.token, body)).toMatchObject({
      status: 201,
      body: { message: REPORT_MESSAGES.sent, held: false },
    });
    expect(await report(member.token, body)).toMatchObject({ status: 409, body: { message: REPORT_MESSAGES.already } });
  });

  it("reports a message only from inside its chat", async () => {
    const db = testDb();
    const sender = await createSignedInUser();
    const reader = await createSignedInUser();
    const outsider = await createSignedInUser();
    const { chat, members } = makeDirectChat(sender.user.id, reader.user.id);
    const message = makeMessage(chat.id, sender.user.id, { content: "Buy followers cheap" });
    await db.batch([
      db.insert(chats).values(chat),
      db.insert(chatMembers).values(members),
      db.insert(messages).values(message),
    ]);
    const body = { targetType: "message", targetId: message.id, reason: "spam" };
    expect((await report(outsider.token, body)).status).toBe(404);
    expect((await report(sender.token, body)).status).toBe(400);
    expect((await report(reader.token, body)).status).toBe(201);
  });
});

describe("link health: reports hold a referral until its referrer confirms the link", () => {
  it(`holds it at ${REPORT_THRESHOLD} verified reports, tells the referrer, and their confirmation brings it back`, async () => {
    const { referrer, referral } = await liveReferral();
    const answers = await reportedBy(REPORT_THRESHOLD, referral.id);
    expect(answers.map((answer) => answer.body.held)).toEqual([false, false, true]);
    const held = await stateOf(referral.id);
    expect(held?.isActive).toBe(false);
    expect(held?.heldAt).not.toBeNull();
    const mail = await latestEmailTo(referrer.user.email, "Your Cardshare referral is paused after reports");
    expect(mail?.text).toContain("hidden from search and card pages");

    // Gone from the search; the owner sees why.
    const search = await api("GET", "/api/referrals/card-refer/active?limit=100", null);
    expect(JSON.stringify(search.body)).not.toContain(referral.id);
    const mine = await api("GET", `/api/referrals/card-refer/id/${referral.id}`, referrer.token);
    expect(mine.body.data).toMatchObject({ held: true, isActive: false });

    // Someone else cannot confirm it; the owner can.
    const other = await createSignedInUser();
    expect((await api("POST", `/api/referrals/card-refer/confirm-link/${referral.id}`, other.token)).status).toBe(403);
    const confirmed = await api("POST", `/api/referrals/card-refer/confirm-link/${referral.id}`, referrer.token);
    expect(confirmed).toMatchObject({
      status: 200,
      body: { message: REFERRAL_MESSAGES.linkConfirmed, data: { held: false, isActive: true, linkStale: false } },
    });
    // The count starts again from the confirmation: one more report does not hold it.
    expect((await reportedBy(1, referral.id))[0].body.held).toBe(false);
    expect((await stateOf(referral.id))?.isActive).toBe(true);
  });

  it("an edit by the referrer also brings a paused referral back", async () => {
    const { referrer, referral, card } = await liveReferral();
    await reportedBy(REPORT_THRESHOLD, referral.id);
    expect((await stateOf(referral.id))?.heldAt).not.toBeNull();
    const edited = await api("PUT", `/api/referrals/card-refer/${referral.id}`, referrer.token, {
      creditCardId: card.id,
      referralLink: `https://refer.example/fixed-${crypto.randomUUID().slice(0, 8)}`,
      sharingBenefitPortion: 0,
      additionalInfo: "Fixed the link",
    });
    expect(edited.status).toBe(200);
    expect(await stateOf(referral.id)).toMatchObject({ isActive: true, heldAt: null });
  });

  it("marks a referral stale after 90 days without confirmation, and confirming from My Referrals lifts it", async () => {
    const db = testDb();
    const { referrer, referral } = await liveReferral();
    await db
      .update(referrals)
      .set({ linkConfirmedAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(referrals.id, referral.id));
    const before = await api("GET", `/api/referrals/card-refer/id/${referral.id}`, referrer.token);
    expect(before.body.data.linkStale).toBe(true);
    const page = await fetchPath("/dashboard/my-referrals", { headers: { Cookie: referrer.cookie } });
    expect(await page.text()).toContain("Not confirmed for 90 days");
    const posted = await postForm("/dashboard/my-referrals", referrer.cookie, {
      intent: "confirm-link",
      id: referral.id,
      redirectTo: "/dashboard/my-referrals",
    });
    expect(posted.status).toBe(302);
    const after = await api("GET", `/api/referrals/card-refer/id/${referral.id}`, referrer.token);
    expect(after.body.data.linkStale).toBe(false);
  });
});

describe("/admin/reports", () => {
  it("shows open reports with their evidence; dismissing restores a held referral and is audited", async () => {
    const { referral, card } = await liveReferral();
    await reportedBy(REPORT_THRESHOLD, referral.id);
    const admin = await createSignedInUser({ isAdmin: true });
    const queue = await fetchPath("/admin/reports", { headers: { Cookie: admin.cookie } });
    const html = await queue.text();
    expect(html).toContain(card.name);
    expect(html).toContain("Paused by reports");
    expect(html).toContain("Link doesn&#x27;t work");

    const noReason = await postForm("/admin/reports", admin.cookie, {
      intent: "resolve",
      targetType: "referral",
      targetId: referral.id,
      resolution: "dismiss",
      reason: "",
    });
    expect(noReason.status).toBe(400);
    expect((await stateOf(referral.id))?.heldAt).not.toBeNull();

    const dismissed = await postForm("/admin/reports", admin.cookie, {
      intent: "resolve",
      targetType: "referral",
      targetId: referral.id,
      resolution: "dismiss",
      reason: "The link works; checked it myself",
    });
    expect(dismissed.status).toBe(302);
    expect(await stateOf(referral.id)).toMatchObject({ isActive: true, heldAt: null });
    const open = await testDb()
      .select()
      .from(reports)
      .where(and(eq(reports.targetId, referral.id), eq(reports.status, "open")));
    expect(open).toEqual([]);
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.targetId, referral.id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: "reports.dismiss",
        reason: "The link works; checked it myself",
      }),
    ]);
    const log = await fetchPath("/admin/audit", { headers: { Cookie: admin.cookie } });
    expect(await log.text()).toContain("The link works; checked it myself");
  });

  it("hides a reported referral (moderation) and deactivates a reported member, each audited", async () => {
    const { referral } = await liveReferral();
    await reportedBy(1, referral.id);
    const admin = await createSignedInUser({ isAdmin: true });
    const hidden = await postForm("/admin/reports", admin.cookie, {
      intent: "resolve",
      targetType: "referral",
      targetId: referral.id,
      resolution: "hide",
      reason: "Phishing link",
    });
    expect(hidden.status).toBe(302);
    expect((await stateOf(referral.id))?.moderatedAt).not.toBeNull();

    const spammer = await createSignedInUser();
    const reporter = await createSignedInUser();
    await report(reporter.token, { targetType: "user", targetId: spammer.user.id, reason: "spam" });
    const deactivated = await postForm("/admin/reports", admin.cookie, {
      intent: "resolve",
      targetType: "user",
      targetId: spammer.user.id,
      resolution: "deactivate-user",
      reason: "Sends scam links",
    });
    expect(deactivated.status).toBe(302);
    expect((await api("GET", "/api/users/me", spammer.token)).status).toBe(401);
    const actions = await testDb()
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.user.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "referral.hide", reason: "Phishing link" },
        { action: "user.deactivate", reason: "Sends scam links" },
        { action: "reports.resolve", reason: "Sends scam links" },
      ]),
    );
  });

  it("writes every admin screen's action to the audit log", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const member = await createSignedInUser();
    const { referral } = await liveReferral();
    await postForm("/admin/users", admin.cookie, { intent: "grant-admin", id: member.user.id });
    await postForm("/admin/referrals", admin.cookie, {
      intent: "deactivate",
      id: referral.id,
      reason: "Link goes to a lookalike domain",
    });
    const actions = await testDb()
      .select({ action: auditLog.action, targetId: auditLog.targetId, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.user.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "user.grant-admin", targetId: member.user.id, reason: "" },
        { action: "referral.deactivate", targetId: referral.id, reason: "Link goes to a lookalike domain" },
      ]),
    );
    // A refused action writes nothing: an admin cannot revoke their own admin from the list.
    const before = actions.length;
    const self = await postForm("/admin/users", admin.cookie, { intent: "revoke-admin", id: admin.user.id });
    expect(self.status).toBe(400);
    const after = await testDb().select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(after).toHaveLength(before);
  });
});
