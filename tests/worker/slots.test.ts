import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, creditCards, referrals } from "../../db/schema";
import { api, testDb } from "./helpers";
import { addApplicant, createMarket } from "./market-helpers";

const ONE = (id: string) => `/api/applications/card-apply/${id}`;

async function slotsLeft(referralId: string) {
  const row = await testDb()
    .select({ available: referrals.availableReferCount })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
  return row?.available;
}

async function statusOf(id: string) {
  return (await testDb().select().from(applications).where(eq(applications.id, id)).get())?.status;
}

describe("slots come back before the bonus posts (ADR 171)", () => {
  it("gives the slot back on cancelled or denied, and takes it again on the way back", async () => {
    const { applicant, application, referral } = await createMarket({ referral: { availableReferCount: 1 } });
    const status = (value: string) => api("PUT", ONE(application.id), applicant.token, { status: value });
    expect((await status("cancelled")).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(2);
    expect((await status("denied")).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(2);
    expect((await status("pending")).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(1);
    expect((await status("denied")).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(2);
  });

  it("keeps the slot once the referrer's bonus posted", async () => {
    const { referrer, applicant, application, referral } = await createMarket({ referral: { availableReferCount: 1 } });
    await api("POST", `${ONE(application.id)}/outcome`, referrer.token, { step: "bonus-posted" });
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "cancelled" })).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(1);
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "pending" })).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(1);
  });

  it("never gives back above the card's per-member cap", async () => {
    const { applicant, application, referral, card } = await createMarket({ referral: { availableReferCount: 3 } });
    await testDb().update(creditCards).set({ maxReferCount: 3 }).where(eq(creditCards.id, card.id));
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "cancelled" })).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(3);
  });

  it("refuses to reopen a cancelled application when the slot went to someone else", async () => {
    const { applicant, application, referral } = await createMarket({ referral: { availableReferCount: 0 } });
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "cancelled" })).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBe(1);
    // Someone else applies through the freed slot.
    const other = await addApplicant(referral);
    await testDb().update(referrals).set({ availableReferCount: 0 }).where(eq(referrals.id, referral.id));
    const reopened = await api("PUT", ONE(application.id), applicant.token, { status: "pending" });
    expect(reopened).toMatchObject({ status: 409, body: { message: "No referrals left for this card" } });
    expect(await statusOf(application.id)).toBe("cancelled");
    expect(await slotsLeft(referral.id)).toBe(0);
    expect(await statusOf(other.application.id)).toBe("pending");
  });

  it("leaves an unlimited referral unlimited", async () => {
    const { applicant, application, referral } = await createMarket({ referral: { availableReferCount: null } });
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "cancelled" })).status).toBe(200);
    // A closed application reopens as Applied before its bonus can arrive (ADR 175).
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "successful" })).status).toBe(409);
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "pending" })).status).toBe(200);
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "successful" })).status).toBe(200);
    expect(await slotsLeft(referral.id)).toBeNull();
  });

  it("lets the next applicant apply through a slot given back", async () => {
    const { applicant, application, referral } = await createMarket({ referral: { availableReferCount: 0 } });
    const newcomer = await addApplicant(referral);
    await testDb().delete(applications).where(eq(applications.id, newcomer.application.id));
    const refused = await api("POST", "/api/applications/card-apply", newcomer.applicant.token, {
      referralId: referral.id,
    });
    expect(refused.status).toBe(409);
    await api("PUT", ONE(application.id), applicant.token, { status: "denied" });
    const applied = await api("POST", "/api/applications/card-apply", newcomer.applicant.token, {
      referralId: referral.id,
    });
    expect(applied.status).toBe(201);
    expect(await slotsLeft(referral.id)).toBe(0);
  });
});
