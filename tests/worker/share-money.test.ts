import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard } from "../../db/factories";
import { createId } from "../../db/id";
import { applications, auditLog, creditCards, emailOutbox, rewardValuations, users } from "../../db/schema";
import worker from "../../server";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

const GENERATE = "/api/referrals/card-refer/generate";
const PROCESS = "/api/referrals/card-refer/process";
const OUTCOME = (id: string) => `/api/applications/card-apply/${id}/outcome`;

/** A rewards program at `cents` a point and a card of 10,000 referral points in it. */
async function pointsCard(cents: number) {
  const valuationId = `val-test-${createId(8)}`;
  await testDb()
    .insert(rewardValuations)
    .values({ id: valuationId, program: `Test Rewards ${valuationId}`, unit: "Points", centsPerPoint: cents });
  const card = makeCard({ referralBonusAmount: 10_000, referralBonusUnit: "Points", rewardsProgramId: valuationId });
  await testDb().insert(creditCards).values(card);
  return { card, valuationId };
}

const link = () => `https://refer.example/${createId(10)}`;

/** The Worker's cron, run at `time` (the injected clock), to its end. */
async function runCronAt(time: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: time, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The late-share mail sent to `address`, once the queue delivered it (or null after 10 s). */
async function lateMailTo(address: string) {
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    const row = await testDb()
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, address), like(emailOutbox.subject, "% is late")))
      .get();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

const lateSharesOf = async (userId: string) =>
  (await testDb().select({ late: users.lateShares }).from(users).where(eq(users.id, userId)).get())?.late;

describe("the share as money (ADR 185)", () => {
  it("generate without the new fields: the amount from the program's valuation, 'agreed in chat', 7 days, said so", async () => {
    const { user, token } = await createSignedInUser();
    const { card } = await pointsCard(2);
    const body = {
      creditCardId: card.id,
      referralLink: link(),
      sharingBenefitPortion: 20,
      specialReferrerBonus: { amount: 10_000, unit: "Points" },
    };
    // 20% of 10,000 points at 2 cents a point.
    const expected = {
      shareAmountCents: 4000,
      shareMethod: "chat",
      shareDeadlineDays: 7,
      shareTermsConfirmed: false,
      shareText: "$40 by a method agreed in chat within 7 days of the bonus posting",
    };
    const processed = await api("POST", PROCESS, token, body);
    expect(processed.status).toBe(200);
    expect(processed.body.data).toMatchObject({ ...expected, sharingBenefitPortion: 20 });

    const created = await api("POST", GENERATE, token, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...expected, sharingBenefitPortion: 20, referrer: { _id: user.id } });

    // Its public page says it, with the note that the referrer has not confirmed it.
    const page = await (await fetchPath(`/r/${created.body.data.code}`)).text();
    expect(page).toContain("$40 by a method agreed in chat within 7 days of the bonus posting");
    expect(page).toContain("the referrer has not confirmed the amount and method yet");
  });

  it("generate with the terms: the referrer's own amount and method, confirmed", async () => {
    const { token } = await createSignedInUser();
    const { card } = await pointsCard(2);
    const created = await api("POST", GENERATE, token, {
      creditCardId: card.id,
      referralLink: link(),
      sharingBenefitPortion: 20,
      specialReferrerBonus: { amount: 10_000, unit: "Points" },
      shareAmount: 45,
      shareMethod: "zelle",
      shareDeadlineDays: 5,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      shareAmountCents: 4500,
      shareMethod: "zelle",
      shareDeadlineDays: 5,
      shareTermsConfirmed: true,
      shareText: "$45 by Zelle within 5 days of the bonus posting",
    });
    const other = await api("POST", PROCESS, token, {
      creditCardId: card.id,
      referralLink: link(),
      sharingBenefitPortion: 20,
      specialReferrerBonus: { amount: 10_000, unit: "Points" },
      shareMethod: "other",
    });
    expect(other).toMatchObject({
      status: 400,
      body: { errors: { shareMethodNote: "Say which method" } },
    });
  });

  it("refuses share-paid below the promise without a note, in words; with one, the applicant sees it", async () => {
    const { referrer, applicant, application } = await createMarket({
      application: { promisedSharePercent: 20, promisedBonusAmount: 250, promisedShareCents: 5000 },
    });
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    const short = await api("POST", OUTCOME(application.id), referrer.token, {
      step: "share-paid",
      amount: 40,
      method: "Zelle",
    });
    const why = "You paid $40 of the $50 promised: add a note for the applicant saying why.";
    expect(short).toMatchObject({ status: 400, body: { message: why, errors: { note: why } } });

    const noted = await api("POST", OUTCOME(application.id), referrer.token, {
      step: "share-paid",
      amount: 40,
      method: "Zelle",
      note: "The issuer paid 8,000 points, not 10,000",
    });
    expect(noted.status).toBe(200);
    const page = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(page).toContain("$40 by Zelle");
    expect(page).toContain("The issuer paid 8,000 points, not 10,000");
    expect(page).toContain("Confirm you received $40");
  });

  it("flags a share late at its deadline (the cron's clock) for both sides, until it is paid", async () => {
    const { referrer, applicant, application } = await createMarket({
      application: { promisedSharePercent: 20, promisedBonusAmount: 150, promisedShareCents: 3000 },
    });
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    const row = await testDb()
      .select({ dueAt: applications.shareDueAt, days: applications.promisedShareDeadlineDays })
      .from(applications)
      .where(eq(applications.id, application.id))
      .get();
    expect(row?.days).toBe(7);
    const dueAt = row!.dueAt!.getTime();
    expect(dueAt - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    await runCronAt(dueAt - 1);
    expect(await lateSharesOf(referrer.user.id)).toBe(0);
    await runCronAt(dueAt);
    expect(await lateSharesOf(referrer.user.id)).toBe(1);
    // The same cron step calls the referrer back by mail (the queue, ADR 180), naming the deadline.
    const lateMail = await lateMailTo(referrer.user.email);
    expect(lateMail?.text).toContain("was due and is not marked paid");
    const profile = await api("GET", `/api/users/profile/${referrer.user.id}`, null);
    expect(profile.body.data).toMatchObject({ lateShares: 1 });
    const referrerPage = await (await fetchPath(`/profile/${referrer.user.id}`)).text();
    expect(referrerPage).toContain("1 share late");

    // Both sides see it late on the timeline once the clock passes it (the page reads the real clock: move the due time).
    await testDb()
      .update(applications)
      .set({ shareDueAt: new Date(Date.now() - 1000) })
      .where(eq(applications.id, application.id));
    const applicantPage = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(applicantPage).toContain("Late: the share was due on");

    await api("POST", OUTCOME(application.id), referrer.token, { step: "share-paid", amount: 30, method: "paypal" });
    expect(await lateSharesOf(referrer.user.id)).toBe(0);
    await runCronAt(dueAt + 86_400_000);
    expect(await lateSharesOf(referrer.user.id)).toBe(0);
  });
});

describe("/admin/valuations", () => {
  it("lets an admin change a program's value (audit-logged) and refuses anyone else", async () => {
    const { valuationId } = await pointsCard(1.5);
    const admin = await createSignedInUser({ isAdmin: true });
    const member = await createSignedInUser();
    const edit = { intent: "update", id: valuationId, centsPerPoint: "1.8", source: "Test valuation, 2026" };

    const away = await fetchPath("/admin/valuations", { headers: { Cookie: member.cookie } });
    expect([away.status, away.headers.get("Location")]).toEqual([302, "/"]);
    expect((await postPageForm("/admin/valuations", member.cookie, edit)).status).toBe(403);
    const valueOf = async () =>
      (await testDb().select().from(rewardValuations).where(eq(rewardValuations.id, valuationId)).get())?.centsPerPoint;
    expect(await valueOf()).toBe(1.5);

    const list = await (await fetchPath("/admin/valuations", { headers: { Cookie: admin.cookie } })).text();
    expect(list).toContain(`Test Rewards ${valuationId}`);
    const bad = await postPageForm("/admin/valuations", admin.cookie, { ...edit, centsPerPoint: "40" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter the value of one point in cents, from 0.01 to 10");

    const saved = await postPageForm("/admin/valuations", admin.cookie, edit);
    expect(saved.status).toBe(302);
    expect(await valueOf()).toBe(1.8);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "valuation.update"), eq(auditLog.targetId, valuationId)))
      .all();
    expect(audit).toMatchObject([{ actorId: admin.user.id, reason: expect.stringContaining("1.5¢ to 1.8¢") }]);
  });
});
