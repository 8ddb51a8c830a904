import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals, users } from "../../db/schema";
import { rotationWeight } from "~/modules/referrals/rotation.server";
import { WEIGHT_SQL } from "~/modules/referrals/rotation-weight.server";
import { api, fetchPath, testDb } from "./helpers";
import { addApplicant, confirmRating, createMarket, reputationOf } from "./market-helpers";

const OUTCOME = (id: string) => `/api/applications/card-apply/${id}/outcome`;
const COMMENT = "/api/referrals/card-refer/comment";
const SHARE = {
  promisedSharePercent: 20,
  promisedBonusAmount: 150,
  promisedBonusUnit: "USD" as const,
  promisedShareCents: 3000,
};

type Market = Awaited<ReturnType<typeof createMarket>>;

/** The referrer posts the bonus and pays the share; the applicant confirms both. */
async function confirmAll(market: Pick<Market, "referrer" | "applicant" | "application">) {
  const go = (token: string, body: object) => api("POST", OUTCOME(market.application.id), token, body);
  await go(market.referrer.token, { step: "bonus-posted" });
  await go(market.applicant.token, { step: "bonus-received" });
  await go(market.referrer.token, { step: "share-paid", amount: 30, method: "PayPal" });
  return go(market.applicant.token, { step: "share-received" });
}

describe("reputation from confirmed outcomes", () => {
  it("is carried by the profile JSON, the referral JSON and shown on the profile page", async () => {
    const market = await createMarket({ application: SHARE });
    const second = await addApplicant(market.referral, SHARE);
    await confirmAll(market);
    // The second applicant's bonus posted; the share is owed and not paid.
    await api("POST", OUTCOME(second.application.id), market.referrer.token, { step: "bonus-posted" });

    const figures = { confirmedSuccesses: 1, sharesPromised: 2, sharesPaid: 1, openDisputes: 0 };
    const profile = await api("GET", `/api/users/profile/${market.referrer.user.id}`, null);
    expect(profile.body.data).toMatchObject({ ...figures, medianDaysToPay: expect.any(Number) });
    const referral = await api("GET", `/api/referrals/card-refer/id/${market.referral.id}`, market.applicant.token);
    expect(referral.body.data.referrer).toMatchObject(figures);

    const page = await fetchPath(`/profile/${market.referrer.user.id}`);
    const html = await page.text();
    expect(html).toContain("Paid 1 of 2 promised shares");
    expect(html).toContain("1 confirmed success");
    const detail = await fetchPath(`/apply/${market.referral.id}`, { headers: { Cookie: market.applicant.cookie } });
    expect(await detail.text()).toContain("Paid 1 of 2 promised shares");
  });

  it("marks reviews with their stage, and counts a rating only once the applicant confirms it after the outcome", async () => {
    const market = await createMarket({ application: SHARE });
    const dayOne = await addApplicant(market.referral, SHARE);
    const review = await api("POST", COMMENT, market.applicant.token, {
      commentType: "applicantToReferrer",
      referralId: market.referral.id,
      rating: 5,
      comment: "Quick to answer",
    });
    expect(review.body.data).toMatchObject({ stage: "applied", verifiedOutcome: false, confirmedRating: null });
    await api("POST", COMMENT, dayOne.applicant.token, {
      commentType: "applicantToReferrer",
      referralId: market.referral.id,
      rating: 2,
      comment: "Slow",
    });
    // Two first impressions: nothing in the average yet.
    expect(await reputationOf(market.referrer.user.id)).toEqual({ rating: null, reviewCount: 2 });

    await confirmAll(market);
    // The outcome alone does not count the rating: the applicant confirms it (or changes it).
    expect(await reputationOf(market.referrer.user.id)).toEqual({ rating: null, reviewCount: 2 });
    expect((await confirmRating(market.applicant, market.application.id, 4)).status).toBe(302);
    expect(await reputationOf(market.referrer.user.id)).toEqual({ rating: 4, reviewCount: 2 });
    const followUp = await api("POST", COMMENT, market.applicant.token, {
      commentType: "followUpComment",
      referralId: market.referral.id,
      originalCommentId: review.body.data._id,
      comment: "The share arrived in two days",
    });
    expect(followUp.body.data).toMatchObject({ stage: "share", verifiedOutcome: false });
    const thread = await api("GET", `/api/users/profile/${market.referrer.user.id}/reviews`, null);
    const reviewed = (thread.body.data as { _id: string }[]).find((comment) => comment._id === review.body.data._id);
    expect(reviewed).toMatchObject({ verifiedOutcome: true, stage: "applied", rating: 5, confirmedRating: 4 });
  });

  it("asks for the rating on My Applications once the outcome is in, then shows the review as verified", async () => {
    const market = await createMarket({ application: SHARE });
    await api("POST", COMMENT, market.applicant.token, {
      commentType: "applicantToReferrer",
      referralId: market.referral.id,
      rating: 4,
      comment: "",
    });
    const page = async () =>
      (await fetchPath("/dashboard/my-applications", { headers: { Cookie: market.applicant.cookie } })).text();
    const before = await page();
    expect(before).not.toContain("Your share arrived: add a follow-up");
    expect(before).not.toContain("The outcome is in: confirm your rating");
    await confirmAll(market);
    const after = await page();
    expect(after).toContain("Your share arrived: add a follow-up and update your rating");
    expect(after).toContain("The outcome is in: confirm your rating");
    expect(after).toContain("First impression");
    await confirmRating(market.applicant, market.application.id, 5);
    const confirmed = await page();
    expect(confirmed).not.toContain("The outcome is in: confirm your rating");
    expect(confirmed).toContain("Verified outcome");
    // One mark per review: never the stage beside the verified badge.
    expect(confirmed).not.toContain("First impression");
  });

  it("weighs the fair rotation by the confirmed figures, the same in SQL as in TypeScript", async () => {
    const market = await createMarket({ application: SHARE });
    const unpaid = await addApplicant(market.referral, SHARE);
    await confirmAll(market);
    await api("POST", OUTCOME(unpaid.application.id), market.referrer.token, { step: "bonus-posted" });
    await api("POST", OUTCOME(unpaid.application.id), unpaid.applicant.token, {
      step: "share-not-received",
      note: "Nothing yet",
    });
    const db = testDb();
    const figures = await db.select().from(users).where(eq(users.id, market.referrer.user.id)).get();
    const expected = rotationWeight({
      rating: figures!.rating,
      verifiedReviewCount: figures!.verifiedReviewCount,
      confirmedSuccesses: figures!.confirmedSuccesses,
      sharesPromised: figures!.sharesPromised,
      sharesPaid: figures!.sharesPaid,
      openDisputes: figures!.openDisputes,
    });
    // 1 confirmed success, 1 of 2 shares paid, 1 open dispute: 1.1 * (2 / 3) / 2.
    expect(expected).toBeCloseTo((1.1 * 2) / 3 / 2);
    const row = await db
      .select({ weight: sql<number>`${WEIGHT_SQL}` })
      .from(referrals)
      .where(eq(referrals.id, market.referral.id))
      .get();
    expect(row?.weight).toBeCloseTo(expected);
  });
});
