/**
 * The /api beside the outcome's HTML forms (docs/decisions/175): the rating confirmed after the
 * outcome, the referrer's answer to a dispute and an admin's decision, by the same rules and in
 * the same words as POST /comments, POST /outcome and /admin/disputes.
 */
import { describe, expect, it } from "vitest";
import { DISPUTE_MESSAGES } from "~/modules/outcomes/dispute-path";
import { VERIFIED_MESSAGES } from "~/modules/reputation/verified";
import { api, createSignedInUser } from "./helpers";
import { createMarket, reputationOf } from "./market-helpers";

const APPLICATION = (id: string) => `/api/applications/card-apply/${id}`;
const SHARE = { promisedSharePercent: 20, promisedBonusAmount: 150, promisedBonusUnit: "USD" as const };

describe("POST /api/applications/card-apply/{id}/rating", () => {
  it("confirms the first impression once the outcome is in, for the applicant only, and then it counts", async () => {
    const { referrer, applicant, referral, application } = await createMarket();
    const rating = `${APPLICATION(application.id)}/rating`;
    await api("POST", "/api/referrals/card-refer/comment", applicant.token, {
      commentType: "applicantToReferrer",
      referralId: referral.id,
      rating: 2,
      comment: "First look",
    });

    const early = await api("POST", rating, applicant.token, { rating: 4 });
    expect(early).toMatchObject({ status: 409, body: { message: VERIFIED_MESSAGES.needsOutcome } });
    await api("PUT", APPLICATION(application.id), applicant.token, { status: "successful" });
    const stranger = await createSignedInUser();
    expect((await api("POST", rating, stranger.token, { rating: 1 })).status).toBe(403);
    expect((await api("POST", rating, referrer.token, { rating: 1 })).status).toBe(403);
    expect(await api("POST", rating, null, { rating: 1 })).toMatchObject({ status: 401 });
    expect(await api("POST", rating, applicant.token, { rating: 7 })).toMatchObject({
      status: 400,
      body: { errors: { rating: "Rating must be between 1 and 5" } },
    });
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });

    const confirmed = await api("POST", rating, applicant.token, { rating: 4 });
    expect(confirmed).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: VERIFIED_MESSAGES.confirmed,
        data: { commentType: "applicantToReferrer", rating: 2, confirmedRating: 4, verifiedOutcome: true },
      },
    });
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 4, reviewCount: 1 });
  });

  it("is 404 for an unknown application or one without a review", async () => {
    const { applicant, application } = await createMarket({ application: { status: "successful" } });
    expect(
      (await api("POST", `${APPLICATION("no-such-application")}/rating`, applicant.token, { rating: 3 })).status,
    ).toBe(404);
    expect(await api("POST", `${APPLICATION(application.id)}/rating`, applicant.token, { rating: 3 })).toMatchObject({
      status: 404,
      body: { message: VERIFIED_MESSAGES.noReview },
    });
  });
});

describe("POST /api/applications/card-apply/{id}/dispute/answer and .../dispute/decision", () => {
  it("the referrer answers once, an admin decides; anyone else is refused in words", async () => {
    const { referrer, applicant, application } = await createMarket({ application: SHARE });
    const answer = `${APPLICATION(application.id)}/dispute/answer`;
    const decision = `${APPLICATION(application.id)}/dispute/decision`;
    expect(await api("POST", answer, referrer.token, { answer: "Paid" })).toMatchObject({
      status: 404,
      body: { message: DISPUTE_MESSAGES.notOpen },
    });
    await api("POST", `${APPLICATION(application.id)}/outcome`, referrer.token, { step: "bonus-posted" });
    await api("POST", `${APPLICATION(application.id)}/outcome`, applicant.token, {
      step: "share-not-received",
      note: "Nothing arrived",
    });

    expect(await api("POST", answer, referrer.token, { answer: "   " })).toMatchObject({
      status: 400,
      body: { errors: { answer: DISPUTE_MESSAGES.answerRequired } },
    });
    expect(await api("POST", answer, applicant.token, { answer: "Me too" })).toMatchObject({
      status: 403,
      body: { message: DISPUTE_MESSAGES.onlyReferrer },
    });
    const answered = await api("POST", answer, referrer.token, { answer: "Sent by Zelle on the 3rd" });
    expect(answered).toMatchObject({
      status: 200,
      body: {
        message: DISPUTE_MESSAGES.answered,
        data: { outcome: { disputeOpen: true, dispute: { answer: "Sent by Zelle on the 3rd", stage: "with-admins" } } },
      },
    });
    expect(await api("POST", answer, referrer.token, { answer: "Again" })).toMatchObject({
      status: 409,
      body: { message: DISPUTE_MESSAGES.alreadyAnswered },
    });

    // The decision is the admins' alone.
    expect((await api("POST", decision, referrer.token, { decision: "dismissed" })).status).toBe(403);
    expect((await api("POST", decision, applicant.token, { decision: "upheld" })).status).toBe(403);
    const admin = await createSignedInUser({ isAdmin: true });
    expect(await api("POST", decision, admin.token, { decision: "maybe" })).toMatchObject({
      status: 400,
      body: { errors: { decision: DISPUTE_MESSAGES.decisionRequired } },
    });
    const decided = await api("POST", decision, admin.token, { decision: "upheld", reason: "No proof of payment" });
    expect(decided).toMatchObject({
      status: 200,
      body: { data: { outcome: { disputeOpen: false, dispute: { decision: "upheld", stage: "closed" } } } },
    });
    const profile = await api("GET", `/api/users/profile/${referrer.user.id}`, applicant.token);
    expect(JSON.stringify(profile.body.data)).toContain('"disputesUpheld":1');
    expect(await api("POST", decision, admin.token, { decision: "dismissed" })).toMatchObject({ status: 404 });
  });
});
