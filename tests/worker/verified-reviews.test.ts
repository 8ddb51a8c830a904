/**
 * Issue 30 (docs/decisions/175): ratings that wait for the outcome, one status story, a dispute
 * with a path, and blocking that keeps the timeline and the dispute within reach.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OUTCOME_STATUSES, APPLICATION_STATUSES } from "../../db/enums";
import { makeComment } from "../../db/factories";
import { applicationOutcomes, applications, comments, users } from "../../db/schema";
import { contextFor } from "~/core/context.server";
import { answerDispute } from "~/modules/outcomes/disputes.server";
import { disputeNextText, DISPUTE_ANSWER_DAYS, DISPUTE_MESSAGES } from "~/modules/outcomes/dispute-path";
import { parseOutcome } from "~/modules/outcomes/steps";
import { isVerifiedReview } from "~/modules/reputation/verified";
import { verifiedReviewSql } from "~/modules/reputation/verified.server";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { addApplicant, codeOf, confirmRating, countersOf, createMarket, reputationOf } from "./market-helpers";

const COMMENT = "/api/referrals/card-refer/comment";
const OUTCOME = (id: string) => `/api/applications/card-apply/${id}/outcome`;
const STATUS = (id: string) => `/api/applications/card-apply/${id}`;
const SHARE = { promisedSharePercent: 20, promisedBonusAmount: 150, promisedBonusUnit: "USD" as const };
const DAY = 86_400_000;

function review(referralId: string, rating: number) {
  return { commentType: "applicantToReferrer", referralId, rating, comment: "First look" };
}

async function verifiedCountOf(userId: string) {
  return (await testDb().select({ n: users.verifiedReviewCount }).from(users).where(eq(users.id, userId)).get())?.n;
}

describe("a rating waits for the outcome", () => {
  it("leaves the average unchanged before the outcome and counts once confirmed after it, on every page and the API", async () => {
    const market = await createMarket();
    const { referrer, applicant, referral, application } = market;
    await api("POST", COMMENT, applicant.token, review(referral.id, 2));
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });

    // Too early: the application has no outcome yet.
    const early = await postPageForm("/comments", applicant.cookie, {
      intent: "confirm-rating",
      applicationId: application.id,
      rating: "4",
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      message: expect.stringContaining("once the application has its outcome"),
    });
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });
    // Someone else cannot confirm it.
    const stranger = await createSignedInUser();
    await api("PUT", STATUS(application.id), applicant.token, { status: "successful" });
    await confirmRating(stranger, application.id, 1);
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });

    await confirmRating(applicant, application.id, 4);
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 4, reviewCount: 1 });
    expect(await verifiedCountOf(referrer.user.id)).toBe(1);

    // The API's rating beside its basis.
    const json = await api("GET", `/api/referrals/card-refer/id/${referral.id}`, applicant.token);
    expect(json.body.data.referrer).toMatchObject({ rating: 4, verifiedReviewCount: 1, reviewCount: 1 });
    const profile = await api("GET", `/api/users/profile/${referrer.user.id}`, applicant.token);
    expect(profile.body.data).toMatchObject({ rating: 4, verifiedReviewCount: 1 });
    // The pages say the basis and link to the reviews; outcomes come first.
    for (const path of [`/apply/${referral.id}`, `/profile/${referrer.user.id}`]) {
      const html = await (await fetchPath(path, { headers: { Cookie: applicant.cookie } })).text();
      expect(html, path).toContain("from 1 verified review");
      expect(html, path).toContain(`/profile/${referrer.user.id}?tab=reviews#reviews`);
      expect(html.indexOf("confirmed success"), path).toBeLessThan(html.indexOf("from 1 verified review"));
    }
  });

  it("follows the application's status: reopening takes the review out again", async () => {
    const { referrer, applicant, referral, application } = await createMarket();
    await api("POST", COMMENT, applicant.token, review(referral.id, 5));
    await api("PUT", STATUS(application.id), applicant.token, { status: "denied" });
    await confirmRating(applicant, application.id, 3);
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: 3, reviewCount: 1 });
    await api("PUT", STATUS(application.id), applicant.token, { status: "pending" });
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });
  });

  it("is one rule: the SQL agrees with the TypeScript predicate for every status", async () => {
    const { referral, applicant } = await createMarket();
    const db = testDb();
    for (const status of APPLICATION_STATUSES) {
      for (const confirmed of [null, new Date()]) {
        const { application } = await addApplicant(referral, { status });
        const row = makeComment(referral.id, applicant.user.id, {
          applicationId: application.id,
          commentType: "followUpComment",
          ratingConfirmedAt: confirmed,
        });
        await db.insert(comments).values(row);
        const [answer] = await db
          .select({
            verified: verifiedReviewSql({
              ratingConfirmedAt: sql`${comments.ratingConfirmedAt}`,
              applicationId: sql`${comments.applicationId}`,
            }),
          })
          .from(comments)
          .where(eq(comments.id, row.id));
        const expected = isVerifiedReview({ applicationStatus: status, ratingConfirmedAt: confirmed });
        expect(Boolean(answer.verified), `${status} ${String(confirmed)}`).toBe(expected);
        expect(expected).toBe(confirmed !== null && (OUTCOME_STATUSES as readonly string[]).includes(status));
      }
    }
  });

  it("shows the referrer's reviews from their other referrals on a referral page without its own, labelled so", async () => {
    const market = await createMarket();
    const { makeReferral } = await import("../../db/factories");
    const { referrals } = await import("../../db/schema");
    const { makeCard } = await import("../../db/factories");
    const { creditCards } = await import("../../db/schema");
    const card = makeCard();
    await testDb().insert(creditCards).values(card);
    const other = makeReferral(market.referrer.user.id, card.id);
    await testDb().insert(referrals).values(other);
    await api("POST", COMMENT, market.applicant.token, { ...review(market.referral.id, 4), comment: "Helpful" });
    // One reader for both pages: the member's referral page and the shared one (a visitor's) agree.
    const pageAs = (path: string, cookie: string) =>
      fetchPath(path, path.startsWith("/r/") ? {} : { headers: { Cookie: cookie } });
    const [otherCode, ownCode] = [await codeOf(other.id), await codeOf(market.referral.id)];
    for (const path of [`/apply/${other.id}`, `/r/${otherCode}`]) {
      const html = await (await pageAs(path, market.applicant.cookie)).text();
      expect(html, path).toContain("No reviews of this referral yet. The latest reviews of");
      expect(html, path).toContain("Helpful");
      // A rating before the outcome says what it is, on both.
      expect(html, path).toContain("First impression");
    }
    for (const path of [`/apply/${market.referral.id}`, `/r/${ownCode}`]) {
      const own = await (await pageAs(path, market.applicant.cookie)).text();
      expect(own, path).not.toContain("No reviews of this referral yet");
      expect(own, path).toContain("Helpful");
    }
    // The shared page never names the reviewer.
    const shared = await (await fetchPath(`/r/${ownCode}`)).text();
    expect(shared).not.toContain(market.applicant.user.username);
  });
});

describe("one status story", () => {
  it("makes the application Successful when the applicant confirms the bonus on the timeline", async () => {
    const { referrer, applicant, referral, application } = await createMarket();
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    const confirmed = await api("POST", OUTCOME(application.id), applicant.token, { step: "bonus-received" });
    expect(confirmed.body.data.status).toBe("successful");
    expect((await countersOf(referral.id))?.successfulCount).toBe(1);
    // Once Successful it stays so: the menu cannot move it back.
    const back = await api("PUT", STATUS(application.id), applicant.token, { status: "pending" });
    expect(back.status).toBe(409);
    expect(back.body.message).toContain("stays Successful");
  });

  it("records the bonus on the timeline when the status is set to Successful (PUT), and tells the referrer", async () => {
    const { applicant, application } = await createMarket();
    const put = await api("PUT", STATUS(application.id), applicant.token, { status: "successful" });
    expect(put.status).toBe(200);
    expect(put.body.data.status).toBe("successful");
    expect(put.body.data.outcome.steps).toEqual([
      expect.objectContaining({ step: "bonus-received", by: applicant.user.id }),
    ]);
    const html = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(html).toContain("Sign-up bonus received");
    expect(html).toContain("(Successful)");
  });

  it("closes on denied or cancelled: the timeline says so and refuses the bonus until reopened", async () => {
    const { referrer, applicant, application } = await createMarket();
    await api("PUT", STATUS(application.id), applicant.token, { status: "denied" });
    const html = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(html).toContain("Denied: this application is closed");
    expect((await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" })).status).toBe(409);
    expect((await api("PUT", STATUS(application.id), applicant.token, { status: "successful" })).status).toBe(409);

    expect((await api("PUT", STATUS(application.id), applicant.token, { status: "pending" })).status).toBe(200);
    expect((await api("PUT", STATUS(application.id), applicant.token, { status: "successful" })).status).toBe(200);
  });
});

describe("a dispute has a path", () => {
  async function disputed(openedAt: number) {
    const market = await createMarket({ application: SHARE });
    await api("POST", OUTCOME(market.application.id), market.referrer.token, { step: "bonus-posted" });
    await api("POST", OUTCOME(market.application.id), market.applicant.token, {
      step: "share-not-received",
      note: "Nothing arrived",
    });
    await testDb()
      .update(applicationOutcomes)
      .set({ createdAt: new Date(openedAt) })
      .where(eq(applicationOutcomes.applicationId, market.application.id));
    return market;
  }
  const ctxOf = (user: { id: string }) =>
    contextFor({ db: testDb(), waitUntil: () => {}, notifications: { send: async () => {} } } as never, {
      id: user.id,
      isAdmin: false,
    });

  it("gives the referrer 7 days to answer with a note (clock injected), then an admin decides", async () => {
    const opened = Date.UTC(2026, 0, 1);
    const late = await disputed(opened);
    await expect(
      answerDispute(
        ctxOf(late.referrer.user),
        { applicationId: late.application.id, answer: "Sent" },
        opened + 8 * DAY,
      ),
    ).rejects.toMatchObject({ status: 409, message: DISPUTE_MESSAGES.late });
    await expect(
      answerDispute(ctxOf(late.applicant.user), { applicationId: late.application.id, answer: "Me" }, opened + DAY),
    ).rejects.toMatchObject({ status: 403 });

    const onTime = await disputed(opened);
    const answered = await answerDispute(
      ctxOf(onTime.referrer.user),
      { applicationId: onTime.application.id, answer: "Sent by PayPal on the 3rd" },
      opened + (DISPUTE_ANSWER_DAYS - 1) * DAY,
    );
    expect(answered.message).toBe(DISPUTE_MESSAGES.answered);
    await expect(
      answerDispute(ctxOf(onTime.referrer.user), { applicationId: onTime.application.id, answer: "Again" }, opened),
    ).rejects.toMatchObject({ status: 409 });

    // What both sides read, by the same clock.
    const row = await testDb()
      .select({
        json: sql<string>`(select json_group_array(json_object('step', o.step, 'by', o.actor_id,
        'at', o.created_at, 'amount', o.amount, 'method', o.method, 'note', o.note, 'closedAt', o.closed_at,
        'answer', o.answer, 'answeredAt', o.answered_at, 'decision', o.decision))
        from application_outcomes o where o.application_id = ${late.application.id})`,
      })
      .from(applications)
      .where(eq(applications.id, late.application.id))
      .get();
    const waiting = parseOutcome(row!.json, opened + DAY).dispute!;
    expect(waiting.stage).toBe("awaiting-answer");
    expect(disputeNextText(waiting, "applicant")).toContain("The referrer has until");
    const overdue = parseOutcome(row!.json, opened + 8 * DAY).dispute!;
    expect(overdue.stage).toBe("with-admins");
    expect(disputeNextText(overdue, "referrer")).toContain("did not answer within 7 days");

    // The admin reads both notes and decides; an upheld dispute shows on the referrer's profile.
    const admin = await createSignedInUser({ isAdmin: true });
    const list = await (await fetchPath("/admin/disputes", { headers: { Cookie: admin.cookie } })).text();
    expect(list).toContain("Sent by PayPal on the 3rd");
    expect(list).toContain("Nothing arrived");
    const decided = await postPageForm(
      "/admin/disputes",
      admin.cookie,
      { intent: "close", id: onTime.application.id, decision: "upheld", reason: "No proof" },
      { "Sec-Fetch-Mode": "navigate" },
    );
    expect(decided.status).toBe(302);
    const profile = await (await fetchPath(`/profile/${onTime.referrer.user.id}`)).text();
    expect(profile).toContain("1 dispute decided against them");
    const mine = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: onTime.applicant.cookie } })
    ).text();
    expect(mine).toContain("An admin decided this dispute: Upheld");
  });

  it("keeps the timeline, the dispute and the chat within reach of an applicant the referrer blocked", async () => {
    const { referrer, applicant, application } = await createMarket({ application: SHARE });
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    const chat = await api("POST", "/api/chats", applicant.token, { targetUserId: referrer.user.id });
    const chatId = chat.body.id as string;
    expect(chatId).toBeTruthy();

    // The Block question warns first (no JavaScript: the page's own confirm step).
    const question = await (
      await fetchPath(`/profile/${applicant.user.id}?confirm=block`, { headers: { Cookie: referrer.cookie } })
    ).text();
    expect(question).toContain("You have an application or a dispute open with this member");
    const blocked = await postPageForm(`/profile/${applicant.user.id}`, referrer.cookie, {
      intent: "block",
      userId: applicant.user.id,
    });
    expect(blocked.status).toBe(302);

    const seen = await api("GET", `/api/chats/${chatId}`, applicant.token);
    expect(seen.body.data).toMatchObject({ blocked: "by-them", openDealings: 1 });
    const page = await (await fetchPath(`/chat?chatId=${chatId}`, { headers: { Cookie: applicant.cookie } })).text();
    expect(page).toContain("keeps its timeline on My Applications");

    const dispute = await api("POST", OUTCOME(application.id), applicant.token, {
      step: "share-not-received",
      note: "Blocked and unpaid",
    });
    expect(dispute.status).toBe(200);
    expect(dispute.body.data.outcome).toMatchObject({ disputeOpen: true, dispute: { stage: "awaiting-answer" } });
    const timeline = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(timeline).toContain("The referrer has until");
    const admin = await createSignedInUser({ isAdmin: true });
    expect(await (await fetchPath("/admin/disputes", { headers: { Cookie: admin.cookie } })).text()).toContain(
      "Blocked and unpaid",
    );
  });
});
