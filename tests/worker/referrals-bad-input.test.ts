/**
 * The audit's bad requests in the referral, application and comment area (issue 14): each answers
 * a 4xx in the person's words (or, for an over-long cursor, the first page), never a 500, and
 * changes no row.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { comments, creditCards, referrals } from "../../db/schema";
import { APPLICATION_MESSAGES } from "~/modules/applications/status";
import { COMMENT_MESSAGES } from "~/modules/comments/schemas";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { createSignedInUser, fetchPath, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

const BASE = "/api/referrals/card-refer";
const LONG_CURSOR = "x".repeat(121);

async function insertCard() {
  const card = makeCard();
  await testDb().insert(creditCards).values(card);
  return card;
}

async function referralsOf(userId: string) {
  return testDb().select({ id: referrals.id }).from(referrals).where(eq(referrals.referrerId, userId)).all();
}

/** A raw POST: the body as given, with the Content-Type given (none when null). */
function rawPost(path: string, headers: Record<string, string>, body: string) {
  return fetchPath(path, { method: "POST", headers, body });
}

describe("JSON bodies the referral API refuses", () => {
  it("answers the JSON body null to generate and process with 400, creating nothing", async () => {
    const { user, token } = await createSignedInUser();
    for (const path of [`${BASE}/generate`, `${BASE}/process`]) {
      const response = await rawPost(
        path,
        { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        "null",
      );
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: "The request body must be a JSON object." });
    }
    expect(await referralsOf(user.id)).toEqual([]);
  });

  it("answers numbers where the new card's description or the applicant bonus's text go with 400 and field errors", async () => {
    const { user, token } = await createSignedInUser();
    const card = await insertCard();
    const base = { referralLink: "https://refer.example/bad-input", sharingBenefitPortion: 0 };
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          ...base,
          creditCardId: "other",
          newCard: { name: "Numbers Card", issuer: "Bank", category: "Cashback", annualFee: 0, description: 5 },
        },
        "newCard.description",
      ],
      [
        { ...base, creditCardId: card.id, specialApplicantBonus: { isHigher: true, bonus: 5 } },
        "specialApplicantBonus.bonus",
      ],
    ];
    for (const [body, field] of cases) {
      for (const path of [`${BASE}/process`, `${BASE}/generate`]) {
        const response = await rawPost(
          path,
          { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          JSON.stringify(body),
        );
        expect(response.status, `${path} ${field}`).toBe(400);
        const answer = (await response.json()) as { success: boolean; errors: Record<string, string> };
        expect(answer.success).toBe(false);
        expect(answer.errors[field], `${path} ${field}`).toEqual(expect.any(String));
      }
    }
    expect(await referralsOf(user.id)).toEqual([]);
  });
});

describe("over-long search cursors", () => {
  it("start again at the first page on /apply (cursor and after), its single-fetch data and the search API", async () => {
    const owner = await createSignedInUser();
    const viewer = await createSignedInUser();
    const card = await insertCard();
    await testDb()
      .insert(referrals)
      .values(makeReferral(owner.user.id, card.id, { additionalInfo: "longcursorword" }));
    for (const query of [`cursor=${LONG_CURSOR}`, `after=${LONG_CURSOR}`]) {
      const page = await fetchPath(`/apply?q=longcursorword&${query}`, { headers: { Cookie: viewer.cookie } });
      expect(page.status, query).toBe(200);
      expect(await page.text()).toContain(card.name);
      const data = await fetchPath(`/apply.data?q=longcursorword&${query}`, { headers: { Cookie: viewer.cookie } });
      expect(data.status, `.data ${query}`).toBe(200);
    }
    const api = await fetchPath(`${BASE}/active?q=longcursorword&cursor=${LONG_CURSOR}`, {
      headers: { Authorization: `Bearer ${viewer.token}` },
    });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { data: { creditCard: { name: string } }[] };
    expect(body.data.map((referral) => referral.creditCard.name)).toEqual([card.name]);
  });
});

describe("methods the action-only routes do not answer", () => {
  it("answers GET on POST /comments and POST .../generate with 405 and Allow: POST", async () => {
    const { cookie, token } = await createSignedInUser();
    const comments = await fetchPath("/comments", { headers: { Cookie: cookie } });
    expect(comments.status).toBe(405);
    expect(comments.headers.get("Allow")).toBe("POST");
    for (const path of [`${BASE}/generate`, `${BASE}/process`, `${BASE}/add-people`, `${BASE}/comment`]) {
      const response = await fetchPath(path, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("POST");
      expect(await response.json()).toMatchObject({ success: false, message: "Method not allowed" });
    }
  });
});

describe("bodies the HTML forms refuse", () => {
  it("answers JSON and plain text with 415 and broken multipart with 400 on every form route of the area", async () => {
    const { applicant, referral } = await createMarket();
    const forms = [
      "/refer",
      "/comments",
      `/apply/${referral.id}`,
      "/dashboard/my-referrals",
      "/dashboard/my-applications",
    ];
    for (const path of forms) {
      const asJson = await rawPost(
        path,
        { Cookie: applicant.cookie, "Content-Type": "application/json" },
        JSON.stringify({ intent: "review", referralId: referral.id, rating: 5 }),
      );
      expect(asJson.status, `${path} json`).toBe(415);
      const asText = await rawPost(path, { Cookie: applicant.cookie, "Content-Type": "text/plain" }, "intent=review");
      expect(asText.status, `${path} text`).toBe(415);
      const broken = await rawPost(
        path,
        { Cookie: applicant.cookie, "Content-Type": "multipart/form-data; boundary=----nothere" },
        "this is not multipart at all",
      );
      expect(broken.status, `${path} multipart`).toBe(400);
    }
    // Nothing was applied for or written.
    expect(await testDb().select().from(comments).where(eq(comments.referralId, referral.id)).all()).toEqual([]);
  });

  it("answers prototype keys and unknown names as the intent with 400", async () => {
    const { referrer, referral } = await createMarket();
    for (const path of ["/refer", "/dashboard/my-referrals", "/comments"]) {
      for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "nope"]) {
        const response = await fetchPath(path, {
          method: "POST",
          headers: { Cookie: referrer.cookie },
          body: new URLSearchParams({ intent: name, id: referral.id, referralId: referral.id }),
        });
        expect(response.status, `${path} ${name}`).toBe(400);
      }
    }
    const row = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(row?.isActive).toBe(true);
  });
});

describe("unexpected failures and missing sessions, in the spec's words", () => {
  afterEach(async () => {
    for (const name of ["refuse_referral", "refuse_comment", "refuse_status"]) {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
    }
  });

  /** A fetcher's post to /comments (not a navigation): it answers JSON. */
  function fetchComment(cookie: string | null, fields: Record<string, string>) {
    return fetchPath("/comments", {
      method: "POST",
      headers: { ...(cookie ? { Cookie: cookie } : {}), "Sec-Fetch-Mode": "cors" },
      body: new URLSearchParams(fields),
    });
  }

  it("POST /comments: 401 'You must be logged in to submit a review' without a session, the form's fallback on an outage", async () => {
    const { applicant, referral } = await createMarket();
    const review = { intent: "review", referralId: referral.id, rating: "4" };
    const anonymous = await fetchComment(null, review);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ ok: false, message: COMMENT_MESSAGES.loginRequired });

    await env.DB.exec(
      "CREATE TRIGGER refuse_comment BEFORE INSERT ON comments BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    const outage = await fetchComment(applicant.cookie, review);
    expect(outage.status).toBe(500);
    const body = (await outage.json()) as { message: string; result: { error: Record<string, string[]> } };
    expect(body.message).toBe(COMMENT_MESSAGES.reviewFailed);
    expect(body.result.error[""]).toEqual([COMMENT_MESSAGES.reviewFailed]);
    expect(JSON.stringify(body)).not.toContain("disk I/O");
  });

  it("My Applications: an outage while changing a status says 'Failed to update status'", async () => {
    const { applicant, application } = await createMarket();
    await env.DB.exec(
      "CREATE TRIGGER refuse_status BEFORE UPDATE ON applications BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    const response = await fetchPath("/dashboard/my-applications", {
      method: "POST",
      headers: { Cookie: applicant.cookie },
      body: new URLSearchParams({ id: application.id, status: "successful" }),
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain(APPLICATION_MESSAGES.statusFailed);
    expect(html).not.toContain("disk I/O");
  });

  it("shows the spec's 'Failed to create referral. Please try again.' on /refer, keeping the values", async () => {
    const { user, cookie } = await createSignedInUser();
    const card = await insertCard();
    // A database failure that is no rule of ours (not a DomainError), as an outage would be.
    await env.DB.exec(
      "CREATE TRIGGER refuse_referral BEFORE INSERT ON referrals BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    const response = await fetchPath("/refer", {
      method: "POST",
      headers: { Cookie: cookie },
      // Confirm & Create posts the preview's draft as one JSON field.
      body: new URLSearchParams({
        intent: "create",
        draft: JSON.stringify({ creditCardId: card.id, referralLink: "https://refer.example/outage" }),
      }),
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain(REFERRAL_MESSAGES.createFailed);
    expect(html).not.toContain("disk I/O error");
    // Back on step 2 with what was typed, to send again.
    expect(html).toMatch(/Step (<!-- -->)?2(<!-- -->)? of 3/);
    expect(html).toContain('value="https://refer.example/outage"');
    expect(await referralsOf(user.id)).toEqual([]);
  });
});
