import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, comments } from "../../db/schema";
import { api, fetchPath, testDb } from "./helpers";
import { addApplicant, countersOf, createMarket, reputationOf } from "./market-helpers";

/** A form post as a browser sends it: JavaScript off (a navigation) or from a fetcher. */
function postForm(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  mode: "navigate" | "cors" = "navigate",
) {
  return fetchPath(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Mode": mode },
    body: new URLSearchParams(fields),
  });
}

describe("POST /comments", () => {
  it("saves a review from a plain form and redirects back (same-site only) with the toast", async () => {
    const { applicant, referral, referrer } = await createMarket();
    const response = await postForm("/comments", applicant.cookie, {
      intent: "review",
      referralId: referral.id,
      rating: "5",
      comment: "",
      redirectTo: "/dashboard/my-applications?status=pending",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/my-applications?status=pending");
    expect(response.headers.get("Set-Cookie")).toContain("__toast");
    // A first impression: counted, outside the average until the outcome (ADR 175).
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });

    const offsite = await postForm("/comments", applicant.cookie, {
      intent: "review",
      referralId: referral.id,
      rating: "5",
      redirectTo: "https://evil.example/",
    });
    expect(offsite.headers.get("Location")).toBe("/dashboard/my-applications");
  });

  it("answers a fetcher with the field errors as JSON", async () => {
    const { applicant, referral } = await createMarket();
    const missing = await postForm(
      "/comments",
      applicant.cookie,
      { intent: "review", referralId: referral.id, comment: "No stars" },
      "cors",
    );
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.rating).toEqual(["Please select a rating before submitting"]);

    const saved = await postForm(
      "/comments",
      applicant.cookie,
      { intent: "review", referralId: referral.id, rating: "3" },
      "cors",
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ message: "Review submitted successfully!" });

    const twice = await postForm(
      "/comments",
      applicant.cookie,
      { intent: "review", referralId: referral.id, rating: "3" },
      "cors",
    );
    expect(twice.status).toBe(409);
  });

  it("sends visitors to sign in and refuses another user's review for a follow-up", async () => {
    const { applicant, referral, referrer } = await createMarket();
    const anonymous = await fetchPath("/comments", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Mode": "navigate" },
      body: new URLSearchParams({ intent: "review", referralId: referral.id, rating: "4", redirectTo: "/apply" }),
    });
    expect(anonymous.headers.get("Location")).toBe("/auth?redirectTo=%2Fapply");

    const review = await api("POST", "/api/referrals/card-refer/comment", applicant.token, {
      commentType: "applicantToReferrer",
      referralId: referral.id,
      rating: 4,
    });
    const hijack = await postForm(
      "/comments",
      referrer.cookie,
      {
        intent: "follow-up",
        referralId: referral.id,
        originalCommentId: review.body.data._id,
        comment: "Fake",
        ratingUpdated: "on",
        rating: "1",
      },
      "cors",
    );
    expect(hijack.status).toBe(403);
    const rows = await testDb().select().from(comments).where(eq(comments.referralId, referral.id)).all();
    expect(rows).toHaveLength(1);
    expect(await reputationOf(referrer.user.id)).toEqual({ rating: null, reviewCount: 1 });
  });
});

describe("My Applications", () => {
  it("filters in the URL and shows the spec's empty text", async () => {
    const { applicant } = await createMarket({ application: { status: "pending_approval" } });
    const pending = await (
      await fetchPath("/dashboard/my-applications?status=pending", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(pending).toContain("My Credit Card Applications");
    expect(pending).toContain("Pending Referral Approval");
    const completed = await (
      await fetchPath("/dashboard/my-applications?status=completed", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(completed).toContain("No credit card applications found with the selected filters.");
  });

  it("changes status with a plain form post, for the applicant only, and offers the tip once approved", async () => {
    const { applicant, application, referral } = await createMarket();
    const { applicant: other } = await addApplicant(referral);
    // A refusal is the form's failure (403, shown beside the application), no longer a redirect.
    const refused = await postForm("/dashboard/my-applications", other.cookie, {
      id: application.id,
      status: "successful",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You can only change your own applications.");
    const statusNow = async () =>
      (await testDb().select().from(applications).where(eq(applications.id, application.id)).get())?.status;
    expect(await statusNow()).toBe("pending");

    const changed = await postForm("/dashboard/my-applications?status=pending", applicant.cookie, {
      id: application.id,
      status: "successful",
    });
    expect(changed.headers.get("Location")).toBe("/dashboard/my-applications?status=pending");
    expect(await statusNow()).toBe("successful");
    expect(await countersOf(referral.id)).toMatchObject({ successfulCount: 1 });
    const html = await (
      await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(html).toContain('action="/tips/checkout"');
  });

  it("renders hostile comment text inert: no markup, no javascript: link, https links only", async () => {
    const { applicant, referral, referrer } = await createMarket();
    const hostile = `<img src=x onerror="alert(1)"> <a href="javascript:alert(2)">x</a> javascript:alert(3) https://bank.example/card`;
    await api("POST", "/api/referrals/card-refer/comment", applicant.token, {
      commentType: "applicantToReferrer",
      referralId: referral.id,
      rating: 2,
      comment: hostile,
    });
    for (const cookie of [applicant.cookie, referrer.cookie]) {
      const page = cookie === applicant.cookie ? "/dashboard/my-applications" : `/profile/${referrer.user.id}`;
      const html = await (await fetchPath(page, { headers: { Cookie: cookie } })).text();
      if (page === "/dashboard/my-applications") {
        expect(html).toContain("&lt;img src=x onerror=");
        expect(html).toContain('href="https://bank.example/card"');
      }
      expect(html).not.toMatch(/<img[^>]*onerror/i);
      expect(html).not.toMatch(/href="javascript:/i);
    }
  });
});

describe("profile tabs", () => {
  it("lists referrals and applications, respecting the privacy switches, with Reopen for the owner", async () => {
    const { referrer, applicant, referral } = await createMarket({ referral: { isActive: false } });
    const asOwner = await (
      await fetchPath(`/profile/${referrer.user.id}?tab=referrals`, { headers: { Cookie: referrer.cookie } })
    ).text();
    expect(asOwner).toContain("Reopen");
    const asOther = await (
      await fetchPath(`/profile/${referrer.user.id}?tab=referrals`, { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(asOther).not.toContain("Reopen");

    // Reopen is My Referrals' status action, coming back to the profile as the person saw it.
    const back = `/profile/${referrer.user.id}?tab=referrals`;
    expect(asOwner).toContain('action="/dashboard/my-referrals"');
    const reopen = { intent: "reopen", id: referral.id, redirectTo: back };
    const refused = await postForm("/dashboard/my-referrals", applicant.cookie, reopen);
    expect(refused.status).toBe(403);
    const reopened = await postForm("/dashboard/my-referrals", referrer.cookie, reopen);
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get("Location")).toBe(back);
    const { referrals } = await import("../../db/schema");
    const row = await testDb()
      .select({ isActive: referrals.isActive })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .get();
    expect(row?.isActive).toBe(true);

    // Members see applications (visitors never do, ADR 120).
    const apps = await (
      await fetchPath(`/profile/${applicant.user.id}?tab=applications`, { headers: { Cookie: referrer.cookie } })
    ).text();
    expect(apps).toContain("Applied");
    await api("PUT", "/api/users/privacy-settings", applicant.token, {
      showFullName: true,
      showEmail: false,
      showReferrals: true,
      showApplications: false,
    });
    const hidden = await (
      await fetchPath(`/profile/${applicant.user.id}?tab=applications`, { headers: { Cookie: referrer.cookie } })
    ).text();
    expect(hidden).toContain("Private Content");
  });
});
