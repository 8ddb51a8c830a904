import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referralDaily } from "../../db/schema";
import { analyticsQuery } from "~/modules/analytics/report.server";
import { dayOf } from "~/modules/analytics/rollup.server";
import { api, createSignedInUser, fetchPath, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

const ANALYTICS = "/api/referrals/card-refer/analytics";

async function rowsOf(referralId: string) {
  return testDb().select().from(referralDaily).where(eq(referralDaily.referralId, referralId));
}

async function viewsOf(referralId: string) {
  return (await rowsOf(referralId))[0]?.views ?? 0;
}

describe("analytics for referrers", () => {
  it("counts views once per member and day, clicks through /go, applications, approvals, successes and shares", async () => {
    const market = await createMarket({
      application: { promisedSharePercent: 20, promisedBonusAmount: 150, promisedBonusUnit: "USD" },
    });
    const { referrer, applicant, referral, application } = market;
    const visitor = await createSignedInUser();
    const detailPage = await fetchPath(`/apply/${referral.id}`, { headers: { Cookie: visitor.cookie } });
    expect(await detailPage.text()).toContain(`src="/go/${referral.id}/view"`);
    const detail = async (cookie: string) => {
      const beacon = await fetchPath(`/go/${referral.id}/view`, { headers: { Cookie: cookie } });
      expect(beacon.headers.get("Content-Type")).toBe("image/gif");
      return beacon;
    };
    await detail(visitor.cookie);
    await detail(visitor.cookie);
    await detail(referrer.cookie);
    expect(await viewsOf(referral.id)).toBe(1);
    await detail(applicant.cookie);
    expect(await viewsOf(referral.id)).toBe(2);

    const click = await fetchPath(`/go/${referral.id}`, { headers: { Cookie: visitor.cookie } });
    expect(click.status).toBe(302);
    expect(click.headers.get("Location")).toBe(referral.referralLink);
    await fetchPath(`/go/${referral.id}`, { headers: { Cookie: referrer.cookie } });
    expect((await fetchPath(`/go/unknown`, { headers: { Cookie: visitor.cookie } })).status).toBe(404);

    expect((await api("POST", "/api/applications/card-apply", visitor.token, { referralId: referral.id })).status).toBe(
      201,
    );
    await api("PUT", `/api/applications/card-apply/${application.id}`, applicant.token, { status: "successful" });
    const step = (token: string, body: object) =>
      api("POST", `/api/applications/card-apply/${application.id}/outcome`, token, body);
    await step(referrer.token, { step: "bonus-posted" });
    await step(applicant.token, { step: "bonus-received" });
    await step(referrer.token, { step: "share-paid", amount: 30, method: "PayPal" });
    await step(applicant.token, { step: "share-received" });
    await step(applicant.token, { step: "share-received" });

    const answer = await api("GET", `${ANALYTICS}?days=7`, referrer.token);
    expect(answer.status).toBe(200);
    const totals = { views: 2, clicks: 1, applications: 1, approvals: 1, successes: 1, sharesPaid: 1 };
    expect(answer.body.totals).toEqual(totals);
    expect(answer.body.daily).toHaveLength(7);
    expect(answer.body.daily.at(-1)).toMatchObject(totals);
    expect(answer.body.referrals).toEqual([expect.objectContaining({ _id: referral.id, totals })]);
    // Only the caller's own referrals.
    expect((await api("GET", ANALYTICS, visitor.token)).body.totals).toMatchObject({ views: 0, clicks: 0 });
    expect((await api("GET", `${ANALYTICS}?days=12`, referrer.token)).status).toBe(400);
    expect((await api("GET", ANALYTICS, null)).status).toBe(401);

    const page = await fetchPath("/dashboard/analytics?days=30", { headers: { Cookie: referrer.cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Referral analytics");
    expect(html).toContain("<svg");
    expect(html).toContain("50% of the step before");
  });

  it("adds up concurrent events on one row per referral and day", async () => {
    const { referral } = await createMarket();
    const members = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser()));
    await Promise.all(
      members.flatMap((member) => [
        fetchPath(`/go/${referral.id}`, { headers: { Cookie: member.cookie } }),
        fetchPath(`/go/${referral.id}`, { headers: { Cookie: member.cookie } }),
      ]),
    );
    await Promise.all(
      members.flatMap((member) => [
        fetchPath(`/go/${referral.id}/view`, { headers: { Cookie: member.cookie } }),
        fetchPath(`/go/${referral.id}/view`, { headers: { Cookie: member.cookie } }),
      ]),
    );

    const rows = await rowsOf(referral.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: dayOf(Date.now()), clicks: 12, views: 6 });
  }, 60_000);

  it("reads one rollup row per referral and day, never the raw events (rows_read at 90 days)", async () => {
    const { referrer, referral } = await createMarket();
    const other = await createMarket();
    const today = dayOf(Date.now());
    const db = testDb();
    const days = Array.from({ length: 120 }, (_, index) => today - index);
    for (const market of [{ referrer, referral }, other]) {
      for (let start = 0; start < days.length; start += 10) {
        await db.insert(referralDaily).values(
          days.slice(start, start + 10).map((day) => ({
            referralId: market.referral.id,
            referrerId: market.referrer.user.id,
            day,
            views: 40,
            clicks: 9,
          })),
        );
      }
    }
    // Thousands of raw view events the page must not read.
    await db.run(
      sql`INSERT INTO referral_views (referral_id, viewer, day) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT ${referral.id}, 'v' || i, ${today} FROM n`,
    );
    const query = analyticsQuery(db, referrer.user.id, today - 89).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join("\n")).toContain("referral_daily_referrer_day_idx");
    const run = await env.DB.prepare(query.sql)
      .bind(...query.params)
      .all();
    expect(run.results).toHaveLength(90);
    // At most 3 rows per day and series (6 series): here about one row per day for all six.
    expect(run.meta.rows_read).toBeLessThanOrEqual(3 * 90);
    const answer = await api("GET", `${ANALYTICS}?days=90`, referrer.token);
    expect(answer.body.totals).toMatchObject({ views: 90 * 40, clicks: 90 * 9 });
  });
});
