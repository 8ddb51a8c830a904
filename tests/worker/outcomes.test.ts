import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applicationOutcomes, chatMembers, messages, users } from "../../db/schema";
import { api, createSignedInUser, fetchPath, emailContaining, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

const OUTCOME = (id: string) => `/api/applications/card-apply/${id}/outcome`;

/** A market whose referral promised 20% of a $150 referral bonus ($30). */
function sharedMarket(options: Parameters<typeof createMarket>[0] = {}) {
  return createMarket({
    ...options,
    application: {
      promisedSharePercent: 20,
      promisedBonusAmount: 150,
      promisedBonusUnit: "USD",
      promisedShareCents: 3000,
      ...options.application,
    },
  });
}

async function figuresOf(userId: string) {
  return testDb()
    .select({
      confirmedSuccesses: users.confirmedSuccesses,
      sharesPromised: users.sharesPromised,
      sharesPaid: users.sharesPaid,
      medianDaysToPay: users.medianDaysToPay,
      openDisputes: users.openDisputes,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

async function stepsOf(applicationId: string) {
  const rows = await testDb()
    .select({ step: applicationOutcomes.step })
    .from(applicationOutcomes)
    .where(eq(applicationOutcomes.applicationId, applicationId));
  return rows.map((row) => row.step).sort();
}

describe("outcome steps: who may take each", () => {
  it("refuses every step to the wrong party, a stranger and an admin (403), a visitor (401)", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    const stranger = await createSignedInUser();
    const admin = await createSignedInUser({ isAdmin: true });
    const referrerSteps = [{ step: "bonus-posted" }, { step: "share-paid", amount: 30, method: "PayPal" }];
    const applicantSteps = [
      { step: "bonus-received" },
      { step: "share-received" },
      { step: "share-not-received", note: "Nothing came" },
    ];
    for (const body of referrerSteps) {
      for (const token of [applicant.token, stranger.token, admin.token]) {
        const answer = await api("POST", OUTCOME(application.id), token, body);
        expect(answer).toMatchObject({ status: 403, body: { message: "Only the referrer can record this step." } });
      }
    }
    for (const body of applicantSteps) {
      for (const token of [referrer.token, stranger.token, admin.token]) {
        const answer = await api("POST", OUTCOME(application.id), token, body);
        expect(answer).toMatchObject({ status: 403, body: { message: "Only the applicant can record this step." } });
      }
    }
    expect((await api("POST", OUTCOME(application.id), null, { step: "bonus-posted" })).status).toBe(401);
    expect((await api("POST", OUTCOME("missing"), referrer.token, { step: "bonus-posted" })).status).toBe(404);
    expect(await stepsOf(application.id)).toEqual([]);
  });

  it("answers bad bodies with a 400 in the person's words", async () => {
    const { referrer, application } = await sharedMarket();
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    expect(await api("POST", OUTCOME(application.id), referrer.token, { step: "paid" })).toMatchObject({ status: 400 });
    const noAmount = await api("POST", OUTCOME(application.id), referrer.token, {
      step: "share-paid",
      method: "PayPal",
    });
    expect(noAmount).toMatchObject({
      status: 400,
      body: { errors: { amount: "Enter the dollars you paid, e.g. 50" } },
    });
    const noMethod = await api("POST", OUTCOME(application.id), referrer.token, { step: "share-paid", amount: 30 });
    expect(noMethod).toMatchObject({
      status: 400,
      body: {
        errors: { method: "Choose how you paid: PayPal, Venmo, Zelle, Cash App, gift card or other" },
      },
    });
  });
});

describe("outcome steps: order", () => {
  it("refuses steps out of order with a 409 that says why", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    const paid = { step: "share-paid", amount: 30, method: "PayPal" };
    expect(await api("POST", OUTCOME(application.id), referrer.token, paid)).toMatchObject({
      status: 409,
      body: { message: "The referral bonus has not been marked as posted yet." },
    });
    expect(await api("POST", OUTCOME(application.id), applicant.token, { step: "share-received" })).toMatchObject({
      status: 409,
      body: { message: "The referrer has not marked the share as paid yet." },
    });
    const early = await api("POST", OUTCOME(application.id), applicant.token, {
      step: "share-not-received",
      note: "x",
    });
    expect(early.status).toBe(409);
    expect(await stepsOf(application.id)).toEqual([]);
  });

  it("refuses a bonus on a cancelled application and a share nobody promised", async () => {
    const cancelled = await sharedMarket({ application: { status: "cancelled" } });
    const posted = await api("POST", OUTCOME(cancelled.application.id), cancelled.referrer.token, {
      step: "bonus-posted",
    });
    expect(posted).toMatchObject({ status: 409, body: { message: expect.stringContaining("cancelled or denied") } });

    const unpromised = await sharedMarket({ application: { promisedSharePercent: 0 } });
    await api("POST", OUTCOME(unpromised.application.id), unpromised.referrer.token, { step: "bonus-posted" });
    const paid = await api("POST", OUTCOME(unpromised.application.id), unpromised.referrer.token, {
      step: "share-paid",
      amount: 5,
      method: "Cash App",
    });
    expect(paid).toMatchObject({ status: 409, body: { message: "No share was promised on this application." } });
  });
});

describe("outcome steps: the whole way and repeats", () => {
  it("goes from applied to share received, with the timeline in the JSON and the referrer's figures", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    const go = (token: string, body: object) => api("POST", OUTCOME(application.id), token, body);
    expect(await go(referrer.token, { step: "bonus-posted" })).toMatchObject({
      status: 200,
      body: { changed: true, message: "Recorded: Referral bonus posted" },
    });
    expect((await go(applicant.token, { step: "bonus-received" })).status).toBe(200);
    expect((await go(referrer.token, { step: "share-paid", amount: 30, method: "PayPal" })).status).toBe(200);
    const done = await go(applicant.token, { step: "share-received" });
    expect(done.status).toBe(200);
    expect(done.body.data.outcome).toEqual({
      disputeOpen: false,
      dispute: null,
      steps: [
        expect.objectContaining({ step: "bonus-posted", label: "Referral bonus posted", by: referrer.user.id }),
        expect.objectContaining({ step: "bonus-received", by: applicant.user.id }),
        expect.objectContaining({ step: "share-paid", amount: 30, method: "paypal", by: referrer.user.id }),
        expect.objectContaining({ step: "share-received", label: "Share received", by: applicant.user.id }),
      ],
    });
    expect(await figuresOf(referrer.user.id)).toEqual({
      confirmedSuccesses: 1,
      sharesPromised: 1,
      sharesPaid: 1,
      medianDaysToPay: expect.any(Number),
      openDisputes: 0,
    });
    // Each step told the other side by email (through the queue, ADR 180: a batch's mails are
    // sent concurrently, so the applicant's two may be stored in either order).
    const toReferrer = await emailContaining(referrer.user.email, "confirmed receiving your share");
    expect(toReferrer?.subject).toBe(`Cardshare: ${done.body.data.creditCard.name} application update`);
    const toApplicant = await emailContaining(applicant.user.email, "paid your share");
    expect(toApplicant?.subject).toBe(`Cardshare: ${done.body.data.creditCard.name} application update`);
    expect(toApplicant?.text).toContain("$30 by PayPal");
  });

  it("changes nothing on a repeated step, however many arrive at once", async () => {
    const { referrer, application } = await sharedMarket();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.changed).length).toBe(1);
    expect(await stepsOf(application.id)).toEqual(["bonus-posted"]);
    const again = await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    expect(again).toMatchObject({
      status: 200,
      body: { changed: false, message: "Already recorded: Referral bonus posted" },
    });
    expect((await figuresOf(referrer.user.id))?.sharesPromised).toBe(1);
  });

  it("takes the median of days to pay over confirmed shares only", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    const db = testDb();
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    // The bonus posted 4 days before the share was paid.
    await db
      .update(applicationOutcomes)
      .set({ createdAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(applicationOutcomes.applicationId, application.id));
    await api("POST", OUTCOME(application.id), referrer.token, { step: "share-paid", amount: 30, method: "Zelle" });
    expect((await figuresOf(referrer.user.id))?.medianDaysToPay).toBeNull();
    await api("POST", OUTCOME(application.id), applicant.token, { step: "share-received" });
    expect((await figuresOf(referrer.user.id))?.medianDaysToPay).toBeCloseTo(4, 1);
  });
});

describe("outcome steps: disputes", () => {
  it("opens the chat with the context once, counts the dispute, lists it for admins until closed", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    const note = "Nothing in my PayPal after two weeks";
    const disputed = await api("POST", OUTCOME(application.id), applicant.token, { step: "share-not-received", note });
    expect(disputed).toMatchObject({ status: 200, body: { changed: true, data: { outcome: { disputeOpen: true } } } });
    const chatId = disputed.body.chatId as string;
    expect(chatId).toBeTruthy();
    const members = await testDb().select().from(chatMembers).where(eq(chatMembers.chatId, chatId));
    expect(members.map((member) => member.userId).sort()).toEqual([referrer.user.id, applicant.user.id].sort());
    const said = await testDb().select().from(messages).where(eq(messages.chatId, chatId));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ senderId: applicant.user.id, content: expect.stringContaining(note) });
    expect(said[0].content).toContain("promised $30");
    expect((await figuresOf(referrer.user.id))?.openDisputes).toBe(1);
    expect(
      (await api("POST", OUTCOME(application.id), applicant.token, { step: "share-not-received", note })).body,
    ).toMatchObject({ changed: false });
    expect(await testDb().select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(1);

    const admin = await createSignedInUser({ isAdmin: true });
    const list = await fetchPath("/admin/disputes", { headers: { Cookie: admin.cookie } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(note);

    const closed = await fetchPath("/admin/disputes", {
      method: "POST",
      headers: {
        Cookie: admin.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Mode": "navigate",
      },
      body: new URLSearchParams({
        intent: "close",
        id: application.id,
        decision: "dismissed",
        reason: "Paid in the chat",
      }),
    });
    expect(closed.status).toBe(302);
    expect((await figuresOf(referrer.user.id))?.openDisputes).toBe(0);
    expect(await (await fetchPath("/admin/disputes", { headers: { Cookie: admin.cookie } })).text()).not.toContain(
      note,
    );
    const audit = await fetchPath("/admin/audit", { headers: { Cookie: admin.cookie } });
    expect(await audit.text()).toContain("Closed dispute");
  });

  it("ends a dispute when the applicant confirms the share, and refuses a dispute after that", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    const go = (token: string, body: object) => api("POST", OUTCOME(application.id), token, body);
    await go(referrer.token, { step: "bonus-posted" });
    await go(applicant.token, { step: "share-not-received", note: "Not yet" });
    await go(referrer.token, { step: "share-paid", amount: 30, method: "PayPal" });
    const received = await go(applicant.token, { step: "share-received" });
    expect(received.body.data.outcome.disputeOpen).toBe(false);
    expect(await figuresOf(referrer.user.id)).toMatchObject({ openDisputes: 0, sharesPaid: 1 });
    const open = await testDb()
      .select({ closedAt: applicationOutcomes.closedAt })
      .from(applicationOutcomes)
      .where(
        and(eq(applicationOutcomes.applicationId, application.id), eq(applicationOutcomes.step, "share-not-received")),
      )
      .get();
    expect(open?.closedAt).toBeInstanceOf(Date);
  });
});

describe("POST /outcome (the timeline's plain forms)", () => {
  it("records a step from a form without JavaScript and comes back with a toast", async () => {
    const { referrer, application, referral } = await sharedMarket();
    const back = `/dashboard/referrals/${referral.id}#outcome-${application.id}`;
    const response = await fetchPath("/outcome", {
      method: "POST",
      headers: {
        Cookie: referrer.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Mode": "navigate",
      },
      body: new URLSearchParams({ intent: "post-bonus", id: application.id, redirectTo: back }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(back);
    expect(await stepsOf(application.id)).toEqual(["bonus-posted"]);

    const page = await fetchPath(`/dashboard/referrals/${referral.id}`, { headers: { Cookie: referrer.cookie } });
    const html = await page.text();
    expect(html).toContain("Referral bonus posted");
    expect(html).toContain("Pay the promised share: $30");
  });

  it("shows the applicant what is expected of them on My Applications", async () => {
    const { referrer, applicant, application } = await sharedMarket();
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    await api("POST", OUTCOME(application.id), referrer.token, { step: "share-paid", amount: 30, method: "PayPal" });
    const page = await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } });
    const html = await page.text();
    expect(html).toContain("Confirm you received $30");
    expect(html).toContain('name="intent" value="confirm-share"');
  });
});
