import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeComment } from "../../db/factories";
import { comments, creditCards } from "../../db/schema";
import { api, createSignedInUser, testDb } from "./helpers";
import { addApplicant, confirmRating, createMarket, reputationOf } from "./market-helpers";

const COMMENT = "/api/referrals/card-refer/comment";

function review(referralId: string, rating: unknown, comment = "Great referrer") {
  return {
    commentType: "applicantToReferrer",
    referralId,
    rating,
    comment,
    originalCommentId: null,
    ratingUpdated: false,
  };
}

async function commentsOn(referralId: string) {
  return testDb().select().from(comments).where(eq(comments.referralId, referralId)).all();
}

describe("reviews", () => {
  it("lets an applicant review once, tied to their application, as a first impression outside the average", async () => {
    const { referrer, applicant, referral, application } = await createMarket();
    const created = await api("POST", COMMENT, applicant.token, review(referral.id, 4, ""));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      message: "Review submitted successfully!",
      data: {
        comment: "This user did not leave a comment",
        rating: 4,
        commentType: "applicantToReferrer",
        applicationId: application.id,
        userId: applicant.user.id,
        referrer: { _id: referrer.user.id },
      },
    });
    // Counted, but not in the average: no outcome yet (docs/decisions/175).
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });

    const again = await api("POST", COMMENT, applicant.token, review(referral.id, 1));
    expect(again.status).toBe(409);
    expect(await commentsOn(referral.id)).toHaveLength(1);
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });
  });

  it("refuses a review from anyone without an application for the referral, the referrer included", async () => {
    const { referrer, referral } = await createMarket();
    const outsider = await createSignedInUser();
    for (const token of [outsider.token, referrer.token]) {
      const refused = await api("POST", COMMENT, token, review(referral.id, 5));
      expect(refused.status).toBe(403);
    }
    expect(
      (await commentsOn(referral.id)).filter((row) => row.rating === 5 && row.authorId === outsider.user.id),
    ).toEqual([]);
    expect((await reputationOf(referrer.user.id))?.reviewCount).toBe(0);
  });

  it("takes ratings 1 to 5 only, as whole stars", async () => {
    const { applicant, referral } = await createMarket();
    for (const rating of [0, 6, -1, 2.5, "5", null]) {
      const refused = await api("POST", COMMENT, applicant.token, review(referral.id, rating));
      expect(refused.status, `rating ${String(rating)}`).toBe(400);
    }
    const missing = await api("POST", COMMENT, applicant.token, review(referral.id, 0));
    expect(missing.body.errors).toEqual({ rating: "Please select a rating before submitting" });
    expect((await api("POST", COMMENT, applicant.token, review(referral.id, 6))).body.errors).toEqual({
      rating: "Rating must be between 1 and 5",
    });
    expect(await commentsOn(referral.id)).toHaveLength(0);
    const { applicant: second } = await addApplicant(referral);
    expect((await api("POST", COMMENT, applicant.token, review(referral.id, 1))).status).toBe(201);
    expect((await api("POST", COMMENT, second.token, review(referral.id, 5))).status).toBe(201);
  });

  it("answers 401 without a session, 404 for an unknown referral, 403 for someone else's userId, 400 past 2,000 characters", async () => {
    const { applicant, referral } = await createMarket();
    expect((await api("POST", COMMENT, null, review(referral.id, 5))).status).toBe(401);
    const unknown = await api("POST", COMMENT, applicant.token, review("no-such-referral", 5));
    expect(unknown).toMatchObject({ status: 404, body: { message: "Invalid referral information" } });
    const other = await api("POST", COMMENT, applicant.token, { ...review(referral.id, 5), userId: "someone-else" });
    expect(other.status).toBe(403);
    const long = await api("POST", COMMENT, applicant.token, review(referral.id, 5, "x".repeat(2001)));
    expect(long).toMatchObject({
      status: 400,
      body: { errors: { comment: "Comments can be at most 2,000 characters" } },
    });
    expect(await commentsOn(referral.id)).toHaveLength(0);
    expect((await api("POST", COMMENT, applicant.token, review(referral.id, 5, "x".repeat(2000)))).status).toBe(201);
  });
});

describe("replies and follow-ups", () => {
  async function reviewed() {
    const market = await createMarket();
    const created = await api("POST", COMMENT, market.applicant.token, review(market.referral.id, 2, "Slow to answer"));
    return { ...market, reviewId: created.body.data._id as string };
  }

  it("lets only the referral's owner reply to a review", async () => {
    const { referrer, applicant, referral, reviewId } = await reviewed();
    const reply = (comment: string) => ({
      commentType: "referrerReply",
      referralId: referral.id,
      originalCommentId: reviewId,
      comment,
      rating: 0,
      ratingUpdated: false,
    });
    expect((await api("POST", COMMENT, referrer.token, reply("  "))).body).toMatchObject({
      errors: { comment: "Please enter a reply" },
    });
    for (const token of [applicant.token, (await createSignedInUser()).token]) {
      expect((await api("POST", COMMENT, token, reply("Not mine to answer"))).status).toBe(403);
    }
    expect((await commentsOn(referral.id)).filter((row) => row.commentType === "referrerReply")).toHaveLength(0);

    const added = await api("POST", COMMENT, referrer.token, reply("Sorry, I was travelling."));
    expect(added).toMatchObject({
      status: 201,
      body: {
        message: "Reply added successfully",
        data: { commentType: "referrerReply", originalCommentId: reviewId },
      },
    });
    const list = await api("GET", `/api/referrals/card-refer/comments/${referral.id}`, applicant.token);
    expect(list.body.data.map((row: { commentType: string }) => row.commentType)).toEqual([
      "applicantToReferrer",
      "referrerReply",
    ]);
    expect(list.body.data[0].hasReferrerReply).toBe(true);
  });

  it("lets only the review's author follow up, and an updated rating after the confirmation replaces it in the mean", async () => {
    const { referrer, applicant, referral, reviewId, application } = await reviewed();
    const { applicant: second, application: secondApplication } = await addApplicant(referral);
    await api("POST", COMMENT, second.token, review(referral.id, 5));
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 2 });
    // Both outcomes in (one bonus received, one denied), both ratings confirmed as they were.
    await api("PUT", `/api/applications/card-apply/${application.id}`, applicant.token, { status: "successful" });
    await api("PUT", `/api/applications/card-apply/${secondApplication.id}`, second.token, { status: "denied" });
    await confirmRating(applicant, application.id, 2);
    await confirmRating(second, secondApplication.id, 5);
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 3.5, reviewCount: 2 });

    const followUp = (comment: string, rating?: number) => ({
      commentType: "followUpComment",
      referralId: referral.id,
      originalCommentId: reviewId,
      comment,
      rating: rating ?? 0,
      ratingUpdated: rating !== undefined,
    });
    expect((await api("POST", COMMENT, applicant.token, followUp(""))).body).toMatchObject({
      errors: { comment: "Please enter a comment" },
    });
    for (const token of [second.token, referrer.token]) {
      expect((await api("POST", COMMENT, token, followUp("Hijack", 1))).status).toBe(403);
    }
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 3.5, reviewCount: 2 });
    expect(
      (await api("POST", COMMENT, applicant.token, { ...followUp("Forgot the stars"), ratingUpdated: true })).status,
    ).toBe(400);

    const updated = await api("POST", COMMENT, applicant.token, followUp("Bonus arrived after all", 4));
    expect(updated.body).toMatchObject({
      message: "Follow-up comment added successfully",
      data: { rating: 4, ratingUpdated: true },
    });
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 4.5, reviewCount: 2 });

    await api("POST", COMMENT, applicant.token, followUp("Just a note, same rating"));
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 4.5, reviewCount: 2 });
    await api("POST", COMMENT, applicant.token, followUp("Changed my mind", 1));
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 3, reviewCount: 2 });
  });

  it("refuses a follow-up on a comment that is not a review, or on another referral", async () => {
    const { referrer, applicant, referral, reviewId } = await reviewed();
    const reply = makeComment(referral.id, referrer.user.id, {
      commentType: "referrerReply",
      rating: null,
      originalCommentId: reviewId,
    });
    await testDb().insert(comments).values(reply);
    const onReply = await api("POST", COMMENT, applicant.token, {
      commentType: "followUpComment",
      referralId: referral.id,
      originalCommentId: reply.id,
      comment: "Replying to the reply",
    });
    expect(onReply.status).toBe(400);
    const other = await createMarket();
    const crossed = await api("POST", COMMENT, applicant.token, {
      commentType: "followUpComment",
      referralId: other.referral.id,
      originalCommentId: reviewId,
      comment: "Wrong referral",
    });
    expect(crossed.status).toBe(400);
  });
});

describe("GET /api/referrals/card-refer/comments/{referralId}", () => {
  it("lists the reviews with names masked per privacy, and stores hostile text as plain text", async () => {
    const { applicant, referral, referrer } = await createMarket({
      referrer: { firstName: "Hidden", lastName: "Owner", showFullName: false },
    });
    const hostile = `<img src=x onerror="alert(1)"> [click](javascript:alert(2))`;
    await api("POST", COMMENT, applicant.token, review(referral.id, 3, hostile));
    const list = await api("GET", `/api/referrals/card-refer/comments/${referral.id}`, applicant.token);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      comment: hostile,
      referrer: { _id: referrer.user.id, firstName: "H****n" },
    });
    expect(JSON.stringify(list.body)).not.toContain("Hidden");
    expect((await api("GET", `/api/referrals/card-refer/comments/${referral.id}`, null)).status).toBe(401);
    expect((await api("GET", "/api/referrals/card-refer/comments/nope", applicant.token)).status).toBe(404);
  });

  it("hides the reviews of a referral hidden from search (inactive card) from everyone but its referrer", async () => {
    const { applicant, referral, referrer, card } = await createMarket();
    await api("POST", COMMENT, applicant.token, review(referral.id, 4, "Fine"));
    await testDb().update(creditCards).set({ active: false }).where(eq(creditCards.id, card.id));
    const path = `/api/referrals/card-refer/comments/${referral.id}`;
    expect((await api("GET", path, applicant.token)).status).toBe(404);
    const own = await api("GET", path, referrer.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
  });
});
