/**
 * The comments components wired into the referral pages: the apply dialog's review step, the
 * reviews on /apply/{id}, and the threads in My Referrals (/refer and /dashboard/my-referrals).
 */
import { decode } from "turbo-stream";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeComment, makeUser } from "../../db/factories";
import { comments, users } from "../../db/schema";
import { listReferralsComments, REVIEWS_PAGE_SIZE } from "../../app/modules/comments/comments.server";
import { fetchPath, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

function page(path: string, cookie: string) {
  return fetchPath(path, { headers: { Cookie: cookie }, redirect: "manual" });
}

/** A plain form post to /comments, as a browser without JavaScript sends it. */
function postComment(cookie: string, fields: Record<string, string>) {
  return fetchPath("/comments", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Mode": "navigate" },
    body: new URLSearchParams(fields),
  });
}

/** A market whose applicant reviewed the referral and whose referrer replied. */
async function reviewedMarket() {
  const market = await createMarket();
  const review = makeComment(market.referral.id, market.applicant.user.id, {
    applicationId: market.application.id,
    rating: 4,
    comment: "Quick answers, bonus posted.",
  });
  const reply = makeComment(market.referral.id, market.referrer.user.id, {
    commentType: "referrerReply",
    rating: null,
    originalCommentId: review.id,
    applicationId: market.application.id,
    comment: "Glad it worked out.",
    createdAt: new Date(Date.now() + 1000),
  });
  await testDb().insert(comments).values([review, reply]);
  return { ...market, review };
}

describe("the apply dialog's review step", () => {
  it("renders the comments ReviewForm with Skip, stays on step 2 on a refusal and moves to step 3 once reviewed", async () => {
    const { applicant, referral } = await createMarket();
    const step2Path = `/apply/${referral.id}?step=2`;
    const step2 = await (await page(step2Path, applicant.cookie)).text();
    expect(step2).toContain('action="/comments"');
    expect(step2).toContain('name="intent" value="review"');
    expect(step2).toContain(`name="redirectTo" value="/apply/${referral.id}?step=2"`);
    expect(step2).toMatch(/<input(?=[^>]*type="radio")(?=[^>]*name="rating")(?=[^>]*value="5")/);
    // Each step's link scrolls to the step without JavaScript (#apply-step).
    expect(step2).toMatch(new RegExp(`href="/apply/${referral.id}\\?step=3#apply-step"[^>]*>Skip<`));

    const unrated = await postComment(applicant.cookie, {
      intent: "review",
      referralId: referral.id,
      comment: "No stars",
      redirectTo: step2Path,
    });
    expect(unrated.headers.get("Location")).toBe(step2Path);
    expect((await page(step2Path, applicant.cookie)).status).toBe(200);

    const rated = await postComment(applicant.cookie, {
      intent: "review",
      referralId: referral.id,
      rating: "5",
      redirectTo: step2Path,
    });
    expect(rated.headers.get("Location")).toBe(step2Path);
    const back = await page(step2Path, applicant.cookie);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(`/apply/${referral.id}?step=3#apply-step`);
  });
});

describe("reviews on the referral detail", () => {
  it("shows the thread in a 24rem scrolling list, with Reply for the owner and a follow-up for the author", async () => {
    const { applicant, referrer, referral } = await reviewedMarket();
    const asApplicant = await (await page(`/apply/${referral.id}`, applicant.cookie)).text();
    expect(asApplicant).toContain('id="reviews"');
    expect(asApplicant).toContain("Quick answers, bonus posted.");
    expect(asApplicant).toContain("Glad it worked out.");
    expect(asApplicant).toMatch(/<section aria-label="Reviews of [^"]*"[^>]*class="max-h-96 [^"]*overflow-y-auto/);
    expect(asApplicant).toContain("Add a follow-up");
    expect(asApplicant).not.toContain('name="intent" value="reply"');

    const asOwner = await (await page(`/apply/${referral.id}`, referrer.cookie)).text();
    expect(asOwner).toContain('name="intent" value="reply"');
    expect(asOwner).toContain(`name="redirectTo" value="/apply/${referral.id}"`);

    const { referral: quiet, applicant: other } = await createMarket();
    expect(await (await page(`/apply/${quiet.id}`, other.cookie)).text()).toContain("No reviews yet.");
  });
});

describe("My Referrals comments", () => {
  it("shows each referral's threads with the count and a Reply form, and the empty state", async () => {
    const { referrer, referral } = await reviewedMarket();
    for (const path of ["/refer", "/dashboard/my-referrals"]) {
      const html = await (await page(path, referrer.cookie)).text();
      expect(html).toContain("Comments (<!-- -->2<!-- -->)");
      expect(html).toContain("Quick answers, bonus posted.");
      expect(html).toContain("Glad it worked out.");
      expect(html).toContain(`name="referralId" value="${referral.id}"`);
      expect(html).toContain('name="intent" value="reply"');
      expect(html).toContain(`name="redirectTo" value="${path}"`);
    }
    const { referrer: fresh } = await createMarket();
    const empty = await (await page("/dashboard/my-referrals", fresh.cookie)).text();
    expect(empty).toContain("Comments (<!-- -->0<!-- -->)");
    expect(empty).toContain("No comments yet.");
  });

  it("a reply posted from My Referrals comes back to the same page with the toast", async () => {
    const { referrer, referral, review } = await reviewedMarket();
    const response = await postComment(referrer.cookie, {
      intent: "reply",
      referralId: referral.id,
      originalCommentId: review.id,
      comment: "One more thing.",
      redirectTo: "/dashboard/my-referrals",
    });
    expect(response.headers.get("Location")).toBe("/dashboard/my-referrals");
    expect(response.headers.get("Set-Cookie")).toContain("__toast");
    const html = await (await page("/dashboard/my-referrals", referrer.cookie)).text();
    expect(html).toContain("One more thing.");
  });

  it("loads the threads of several referrals in one query, the newest 50 reviews of each", async () => {
    const busy = await createMarket();
    const quiet = await reviewedMarket();
    const db = testDb();
    const authors = Array.from({ length: REVIEWS_PAGE_SIZE + 1 }, () => makeUser());
    const start = Date.now();
    const reviews = authors.map((author, index) =>
      makeComment(busy.referral.id, author.id, { comment: `review ${index}`, createdAt: new Date(start + index) }),
    );
    const [first, ...rest] = [
      ...authors.map((author) => db.insert(users).values(author)),
      ...reviews.map((review) => db.insert(comments).values(review)),
    ];
    await db.batch([first!, ...rest]);

    const loaded = await listReferralsComments(
      { db, actor: { id: busy.referrer.user.id } },
      { referralIds: [busy.referral.id, quiet.referral.id] },
    );
    const busyOnes = loaded.filter((comment) => comment.referralId === busy.referral.id);
    expect(busyOnes).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(busyOnes.map((comment) => comment.comment)).not.toContain("review 0");
    expect(loaded.filter((comment) => comment.referralId === quiet.referral.id).map((c) => c.comment)).toEqual([
      "Quick answers, bonus posted.",
      "Glad it worked out.",
    ]);
    expect(await listReferralsComments({ db, actor: null }, { referralIds: [] })).toEqual([]);
  });
});

/** /refer's loader data, as the browser's single fetch reads it. */
async function referData(cookie: string) {
  const response = await fetchPath("/refer.data?_routes=routes%2Frefer", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const decoded = await decode(response.body!);
  await decoded.done;
  return (decoded.value as Record<string, { data: { mine: { data: Record<string, unknown>[] } } }>)["routes/refer"]
    .data;
}

describe("My Referrals on /refer (issue 34: what the page costs)", () => {
  it("sends each referral with only the fields its card shows", async () => {
    const { referrer, referral } = await reviewedMarket();
    const { mine } = await referData(referrer.cookie);
    expect(mine.data).toHaveLength(1);
    const [shown] = mine.data;
    expect(Object.keys(shown).sort()).toEqual(
      [
        "_id",
        "applicationsCount",
        "comments",
        "commentsCount",
        "createdAt",
        "creditCard",
        "held",
        "isActive",
        "linkCheck",
        "linkConfirmedAt",
        "linkStale",
        "moderated",
        "referralLink",
        "review",
        "shareAmountCents",
        "shareDeadlineDays",
        "shareMethod",
        "shareMethodNote",
        "shareTermsConfirmed",
        "shareText",
        "sharingBenefitPortion",
        "successfulCount",
      ].sort(),
    );
    expect(shown).toMatchObject({ _id: referral.id, commentsCount: 2 });
    // The card's name and issuer, not its texts; no referrer (it is the viewer).
    expect(Object.keys(shown.creditCard as object).sort()).toEqual(["issuer", "name"]);
    expect(shown.comments).toHaveLength(2);
  });

  it("sends each comment with only what its thread shows, the values /api gives the same comment", async () => {
    const { referrer, applicant, referral } = await reviewedMarket();
    // A name the referrer may not see in full: the thread masks it as /api does.
    await testDb().update(users).set({ showFullName: false }).where(eq(users.id, applicant.user.id));
    const { mine } = await referData(referrer.cookie);
    const shown = mine.data[0]!.comments as Record<string, unknown>[];
    const api = await fetchPath(`/api/referrals/card-refer/comments/${referral.id}`, {
      headers: { Authorization: `Bearer ${referrer.token}` },
    });
    expect(api.status).toBe(200);
    const full = ((await api.json()) as { data: Record<string, unknown>[] }).data;
    expect(shown.map((comment) => comment._id)).toEqual(full.map((comment) => comment._id));
    const threadKeys = [
      "_id",
      "comment",
      "rating",
      "ratingUpdated",
      "createdAt",
      "commentType",
      "originalCommentId",
      "referralId",
      "userId",
      "stage",
      "verifiedOutcome",
      "confirmedRating",
      "ratingConfirmedAt",
    ];
    const person = (value: unknown) => {
      const { _id, name } = value as { _id: string; name: string };
      return { _id, name };
    };
    for (const [index, comment] of shown.entries()) {
      const same = full[index]!;
      expect(Object.keys(comment).sort()).toEqual([...threadKeys, "applicant", "referrer"].sort());
      expect(comment).toEqual({
        ...Object.fromEntries(threadKeys.map((key) => [key, same[key]])),
        applicant: person(same.applicant),
        referrer: person(same.referrer),
      });
    }
    expect((shown[0]!.applicant as { name: string }).name).not.toBe(
      `${applicant.user.firstName} ${applicant.user.lastName}`,
    );
  });

  it("renders each reply form as a plain post that saves the reply without JavaScript", async () => {
    const { referrer, referral, review } = await reviewedMarket();
    const html = await (await fetchPath("/refer", { headers: { Cookie: referrer.cookie } })).text();
    const formId = `reply-${review.id}`;
    const form = new RegExp(`<form method="post" action="/comments" id="${formId}"[^>]*>(.*?)</form>`).exec(html);
    expect(form).not.toBeNull();
    const body = form![1];
    expect(body).toMatch(
      new RegExp(`<textarea required="" id="${formId}-comment" name="comment" form="${formId}" maxLength="2000"`),
    );
    expect(body).toContain(">Reply</button>");
    // Exactly the fields the browser would send, plus the typed text.
    const fields = new URLSearchParams(
      [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(([, name, value]) => [
        name,
        value,
      ]),
    );
    expect(Object.fromEntries(fields)).toEqual({
      intent: "reply",
      referralId: referral.id,
      originalCommentId: review.id,
      redirectTo: "/refer",
      formId,
    });
    fields.set("comment", "Thanks, glad it posted.");
    const posted = await fetchPath("/comments", {
      method: "POST",
      headers: {
        Cookie: referrer.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Mode": "navigate",
      },
      body: fields,
      redirect: "manual",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/refer");
    const after = await (await fetchPath("/refer", { headers: { Cookie: referrer.cookie } })).text();
    expect(after).toContain("Thanks, glad it posted.");
  });
});
