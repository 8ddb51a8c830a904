/**
 * Issue 32's callbacks built after ADR 180 (ADR 182): a dispute answered, a link that fails its
 * check, the rating prompt after the outcome (issue 30) and the weekly digest. Each goes through
 * the queue and its consumer (miniflare, as in production) to the fake mail provider's outbox when
 * its kind is on, and nothing goes when it is off.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, emailOutbox, notificationSettings, referralDaily, referrals } from "../../db/schema";
import { FAKE_ISSUER_ORIGIN } from "../fixtures/fake-issuer";
import { checkLinkBatch } from "~/modules/links/check.server";
import { dayOf } from "~/modules/analytics/rollup.server";
import { digestWeekStart, sendWeeklyDigests } from "~/modules/notifications/digest.server";
import type { NotificationMessage, NotificationQueue } from "~/modules/notifications/messages.server";
import { promptRatingConfirmation } from "~/modules/reputation/rating-prompt.server";
import worker from "../../server";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { confirmRating, createMarket } from "./market-helpers";
import { runCron } from "./cron-helpers";

const OUTCOME = (id: string) => `/api/applications/card-apply/${id}/outcome`;
const STATUS = (id: string) => `/api/applications/card-apply/${id}`;
const COMMENT = "/api/referrals/card-refer/comment";
const SHARE = { promisedSharePercent: 20, promisedBonusAmount: 150, promisedBonusUnit: "USD" as const };
const DAY = 86_400_000;

/** A notifications producer that keeps what it was given, for the events' own tests. */
function capturing() {
  const sent: Extract<NotificationMessage, { type: "notification" }>[] = [];
  return {
    sent,
    notifications: {
      send: async (body: NotificationMessage) => {
        if (body.type === "notification") sent.push(body);
      },
    } as unknown as NotificationQueue,
  };
}

/** The applicant's review of the referrer: a first impression until the outcome. */
const rate = (applicant: { token: string }, referralId: string, rating: number) =>
  api("POST", COMMENT, applicant.token, { commentType: "applicantToReferrer", referralId, rating, comment: "So far" });

const turn = (token: string, kind: string, email: boolean, channel: "email" | "push" = "email") =>
  api("PUT", "/api/users/notification-settings", token, { kinds: { [kind]: { [channel]: email } } });

const mailsLike = (to: string, subject: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, `%${subject}%`)));

/** Waits for a mail to `to` whose subject holds `subject`. */
async function mailLike(to: string, subject: string, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    const [mail] = await mailsLike(to, subject);
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a dispute answered reaches the applicant", () => {
  async function disputed() {
    const market = await createMarket({ application: SHARE });
    await api("POST", OUTCOME(market.application.id), market.referrer.token, { step: "bonus-posted" });
    await api("POST", OUTCOME(market.application.id), market.applicant.token, {
      step: "share-not-received",
      note: "Nothing arrived",
    });
    return market;
  }
  const answer = (market: Awaited<ReturnType<typeof disputed>>, text: string) =>
    postPageForm("/outcome", market.referrer.cookie, {
      intent: "answer-dispute",
      id: market.application.id,
      answer: text,
    });

  it("mails the referrer's answer when disputes are on, and nothing when they are off", async () => {
    const muted = await disputed();
    await turn(muted.applicant.token, "disputes", false);
    expect((await answer(muted, "Paid it, see the chat")).status).toBeLessThan(400);
    const heard = await disputed();
    expect((await answer(heard, "Sent by PayPal on the 3rd")).status).toBeLessThan(400);

    const mail = await mailLike(heard.applicant.user.email, "answered your dispute");
    expect(mail?.text).toContain('"Sent by PayPal on the 3rd"');
    expect(mail?.text).toContain("The referrer answered. Next, an admin decides");
    expect(mail?.text).toContain("/dashboard/my-applications");
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The muted one was enqueued first: by now it was consumed, and sent nothing.
    expect(await mailsLike(muted.applicant.user.email, "answered your dispute")).toEqual([]);
  });
});

describe("a link that fails its check reaches its referrer", () => {
  async function referralOf(owner: { user: { id: string } }, path: string) {
    const card = makeCard();
    const referral = makeReferral(owner.user.id, card.id, {
      referralLink: `${FAKE_ISSUER_ORIGIN}/${path}/${crypto.randomUUID().slice(0, 8)}`,
    });
    await testDb().batch([
      testDb().insert(creditCards).values(card),
      testDb()
        .insert(referrals)
        .values({ ...referral, linkVettedAt: new Date() }),
    ]);
    return { card, referral };
  }

  it("calls back once when a link starts failing, again only after it worked in between", async () => {
    const owner = await createSignedInUser();
    const { card, referral } = await referralOf(owner, "gone");
    const only = async (status: number) => {
      const { sent, notifications } = capturing();
      // Only this referral is due: everything else was checked just now.
      await testDb().update(referrals).set({ linkCheckedAt: new Date() });
      await testDb().update(referrals).set({ linkCheckedAt: null }).where(eq(referrals.id, referral.id));
      await checkLinkBatch(testDb(), {
        fetcher: async () => {
          // No answer (a timeout, a refused connection) is recorded as 0.
          if (status === 0) throw new Error("timed out");
          return new Response(null, { status });
        },
        notifications,
        now: new Date(),
      });
      return sent.filter((message) => message.userId === owner.user.id);
    };
    const [first] = await only(404);
    expect(first).toMatchObject({
      kind: "links",
      key: expect.stringMatching(new RegExp(`^link-failed:${referral.id}:`)),
      content: {
        subject: `Your Cardshare referral link for ${card.name} failed its check`,
        lines: [expect.stringContaining("error 404")],
      },
    });
    expect(await only(404)).toEqual([]);
    expect(await only(0)).toEqual([]);
    expect(await only(200)).toEqual([]);
    expect(await only(503)).toHaveLength(1);
  });

  it("mails it from the cron when links are on, and nothing when they are off", { timeout: 40_000 }, async () => {
    const heard = await createSignedInUser();
    const muted = await createSignedInUser();
    await turn(muted.token, "links", false);
    await testDb().update(referrals).set({ linkCheckedAt: new Date() });
    await referralOf(muted, "gone");
    const { card } = await referralOf(heard, "gone");
    await runCron();
    const mail = await mailLike(heard.user.email, "failed its check");
    expect(mail?.subject).toContain(card.name);
    expect(mail?.text).toContain("error 404 from refer.fakeissuer.test");
    expect(mail?.text).toContain("/dashboard/my-referrals");
    expect(await mailsLike(muted.user.email, "failed its check")).toEqual([]);
  });
});

describe("the rating prompt by email (issue 30)", () => {
  it("asks the applicant to confirm their rating once the outcome is recorded, not before", async () => {
    const { referrer, applicant, referral, application } = await createMarket({ application: SHARE });
    await rate(applicant, referral.id, 3);
    // The referrer's bonus-posted is not an outcome: its mail comes, the prompt does not.
    await api("POST", OUTCOME(application.id), referrer.token, { step: "bonus-posted" });
    expect(await mailLike(applicant.user.email, "application update")).not.toBeNull();
    expect(await mailsLike(applicant.user.email, "confirm your rating")).toEqual([]);

    // The applicant confirms the bonus: the outcome both sides confirmed.
    await api("POST", OUTCOME(application.id), applicant.token, { step: "bonus-received" });
    const mail = await mailLike(applicant.user.email, "confirm your rating");
    expect(mail?.subject).toMatch(/^Cardshare: confirm your rating for the .+ referral$/);
    expect(mail?.text).toContain("Your rating of 3 of 5 was a first impression");
    expect(mail?.text).toContain(`/dashboard/my-applications#confirm-rating-${application.id}`);
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(/notifications\/unsubscribe\?token=/);
  });

  it("is asked only with an outcome, a review not yet confirmed, and the outcomes kind on", async () => {
    const { applicant, referral, application } = await createMarket();
    const { sent, notifications } = capturing();
    const ask = () => promptRatingConfirmation({ db: testDb(), notifications }, application.id);
    // No review yet, then a review before the outcome.
    await api("PUT", STATUS(application.id), applicant.token, { status: "denied" });
    expect(await ask()).toBe(false);
    await api("PUT", STATUS(application.id), applicant.token, { status: "pending" });
    await rate(applicant, referral.id, 4);
    expect(await ask()).toBe(false);
    // Denied is an outcome too.
    await api("PUT", STATUS(application.id), applicant.token, { status: "denied" });
    expect(await ask()).toBe(true);
    expect(sent.at(-1)).toMatchObject({ kind: "outcomes", key: `rating-prompt:${application.id}` });
    // Once confirmed, never again.
    await confirmRating(applicant, application.id, 4);
    expect(await ask()).toBe(false);

    // The status change itself enqueued it: with outcomes off, no mail.
    const cancelledAfterReview = async (outcomes: boolean) => {
      const market = await createMarket();
      if (!outcomes) await turn(market.applicant.token, "outcomes", false);
      await rate(market.applicant, market.referral.id, 2);
      await api("PUT", STATUS(market.application.id), market.applicant.token, { status: "cancelled" });
      return market;
    };
    const muted = await cancelledAfterReview(false);
    const heard = await cancelledAfterReview(true);
    expect(await mailLike(heard.applicant.user.email, "confirm your rating")).not.toBeNull();
    expect(await mailsLike(muted.applicant.user.email, "confirm your rating")).toEqual([]);
  });
});

describe("the weekly digest", () => {
  // Monday 30 November 2026, 09:00 UTC: an hour into its digest week.
  const MONDAY = Date.UTC(2026, 10, 30, 9, 0);

  async function referrer(optIn: boolean, channel: "email" | "push" = "email") {
    const market = await createMarket({ application: { ...SHARE, shareDueAt: new Date(MONDAY + 3 * DAY) } });
    if (optIn) {
      await turn(market.referrer.token, "digest", true, channel);
      // Chosen before the week started.
      await testDb()
        .update(notificationSettings)
        .set({ updatedAt: new Date(Date.UTC(2026, 10, 1)) })
        .where(eq(notificationSettings.userId, market.referrer.user.id));
    }
    return market;
  }

  it("goes to those who turned it on, once a week (clock injected), with the week's figures and what waits", async () => {
    const on = await referrer(true);
    const off = await referrer(false);
    // By push only, with email's master switch off: owed the digest too (its push carries it).
    const pushOnly = await referrer(true, "push");
    await api("PUT", "/api/users/notification-settings", pushOnly.referrer.token, { emailNotifications: false });
    const today = dayOf(MONDAY);
    await testDb()
      .insert(referralDaily)
      .values([
        {
          referralId: on.referral.id,
          referrerId: on.referrer.user.id,
          day: today - 1,
          views: 4,
          clicks: 2,
          applications: 1,
        },
        { referralId: on.referral.id, referrerId: on.referrer.user.id, day: today - 6, views: 1 },
        // Older than 7 days: not in this week's figures.
        { referralId: on.referral.id, referrerId: on.referrer.user.id, day: today - 7, views: 100, clicks: 50 },
      ]);
    const ours = [on.referrer.user.id, off.referrer.user.id, pushOnly.referrer.user.id];

    const run = async (now: number) => {
      const { sent, notifications } = capturing();
      await sendWeeklyDigests({ db: testDb(), notifications }, now);
      return sent.filter((message) => ours.includes(message.userId));
    };

    // The week starts on Monday at 08:00 UTC: two hours before, it is still last week.
    expect(digestWeekStart(MONDAY)).toBe(Date.UTC(2026, 10, 30, 8, 0));
    expect(digestWeekStart(MONDAY - 2 * 3_600_000)).toBe(Date.UTC(2026, 10, 23, 8, 0));

    const first = await run(MONDAY);
    expect(first.map((message) => message.userId).sort()).toEqual(
      [on.referrer.user.id, pushOnly.referrer.user.id].sort(),
    );
    const digest = first.find((message) => message.userId === on.referrer.user.id);
    expect(digest).toMatchObject({
      kind: "digest",
      userId: on.referrer.user.id,
      key: `digest:${on.referrer.user.id}:${Date.UTC(2026, 10, 30, 8, 0)}`,
      content: {
        figures: [
          { label: "Views", value: "5" },
          { label: "Clicks on Apply", value: "2" },
          { label: "Applications", value: "1" },
        ],
        lines: expect.arrayContaining([expect.stringMatching(/^1 share to pay, the next by /)]),
      },
    });
    // The same week again (the next cron runs, a day later): nothing.
    expect(await run(MONDAY + 15 * 60_000)).toEqual([]);
    expect(await run(MONDAY + 4 * DAY)).toEqual([]);
    // The next week: once more.
    const next = await run(MONDAY + 7 * DAY);
    expect(next.map((message) => message.key).sort()).toEqual(
      [on, pushOnly].map((market) => `digest:${market.referrer.user.id}:${Date.UTC(2026, 11, 7, 8, 0)}`).sort(),
    );

    // Through the queue: the mail with its figures and its one-click unsubscribe.
    await env.NOTIFICATIONS.send(digest!);
    const mail = await mailLike(on.referrer.user.email, "your week as a referrer");
    expect(mail?.text).toMatch(/Views\s+5/);
    expect(mail?.text).toContain("1 share to pay");
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("waits for next week when turned on during this one", async () => {
    const late = await createMarket();
    await turn(late.referrer.token, "digest", true);
    await testDb()
      .update(notificationSettings)
      .set({ updatedAt: new Date(MONDAY + DAY) })
      .where(eq(notificationSettings.userId, late.referrer.user.id));
    const { sent, notifications } = capturing();
    await sendWeeklyDigests({ db: testDb(), notifications }, MONDAY + 2 * DAY);
    expect(sent.filter((message) => message.userId === late.referrer.user.id)).toEqual([]);
    await sendWeeklyDigests({ db: testDb(), notifications }, MONDAY + 7 * DAY);
    expect(sent.filter((message) => message.userId === late.referrer.user.id)).toHaveLength(1);
  });
});

describe("failed notifications for admins", () => {
  it("records the subject and the tries of a dead letter, listed read-only on /admin/notifications", async () => {
    const member = await createSignedInUser();
    const body: NotificationMessage = {
      type: "notification",
      key: `dead:${crypto.randomUUID()}`,
      kind: "outcomes",
      userId: member.user.id,
      content: { subject: "Cardshare: a mail the provider kept refusing", lines: ["Never sent."] },
    };
    const batch = createMessageBatch<NotificationMessage>("cardshare-notifications-dlq", [
      { id: "dead-1", timestamp: new Date(), attempts: 6, body },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["dead-1"]);

    const admin = await createSignedInUser({ isAdmin: true });
    const page = await fetchPath("/admin/notifications", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const shown of [body.content.subject, `@${member.user.username}`, member.user.email, body.key, ">6<"]) {
      expect(html, shown).toContain(shown);
    }
    expect(html).toContain("A step of an application waits for me");
    // Read only: the page answers no post.
    const post = await postPageForm("/admin/notifications", admin.cookie, { intent: "resend" });
    expect(post.status).toBe(405);
  });
});
