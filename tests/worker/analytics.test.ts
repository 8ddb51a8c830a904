import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, referralDaily, referrals, referralViews } from "../../db/schema";
import { EDGE_CACHE_HEADER } from "~/http/edge-cache.server";
import { shortDate } from "~/modules/analytics/axes";
import { analyticsQuery } from "~/modules/analytics/report.server";
import { DAY_MS, dayOf } from "~/modules/analytics/rollup.server";
import { api, createSignedInUser, fetchPath, fetchWithEnv, testDb } from "./helpers";
import { runCron } from "./cron-helpers";
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
    // Each member's two clicks and two views count once (ADR 173).
    expect(rows[0]).toMatchObject({ day: dayOf(Date.now()), clicks: 6, views: 6 });
  }, 60_000);

  it("counts a member's clicks once a day, however often /go/{id} is fetched; the redirect stays", async () => {
    const { referrer, referral } = await createMarket();
    const [member, another] = [await createSignedInUser(), await createSignedInUser()];
    const go = (cookie: string) => fetchPath(`/go/${referral.id}`, { headers: { Cookie: cookie }, redirect: "manual" });
    for (let i = 0; i < 5; i += 1) {
      const click = await go(member.cookie);
      expect(click.status).toBe(302);
      expect(click.headers.get("Location")).toBe(referral.referralLink);
    }
    expect((await rowsOf(referral.id))[0]?.clicks).toBe(1);
    await go(another.cookie);
    await go(another.cookie);
    await go(referrer.cookie);
    expect((await rowsOf(referral.id))[0]?.clicks).toBe(2);
  });

  it("counts visitors' views of /r/{code} once a day through a beacon, also when the page comes from the edge cache, keeping nothing about them", async () => {
    const { referrer, referral } = await createMarket();
    const { code } = (await testDb()
      .select({ code: referrals.code })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .get())!;
    const beacon = `/r/${code}/view`;
    const first = await fetchWithEnv(`/r/${code}`, {});
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    expect(await first.text()).toContain(`src="${beacon}"`);
    const cached = await fetchWithEnv(`/r/${code}`, {});
    expect(cached.headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    expect(await cached.text()).toContain(`src="${beacon}"`);

    const visit = async (ip: string, userAgent: string, cookie?: string) => {
      const headers: Record<string, string> = { "CF-Connecting-IP": ip, "User-Agent": userAgent };
      if (cookie) headers.Cookie = cookie;
      const answer = await fetchWithEnv(beacon, {}, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("image/gif");
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(answer.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    };
    await visit("203.0.113.7", "Browser A");
    await visit("203.0.113.7", "Browser A");
    expect(await viewsOf(referral.id)).toBe(1);
    await visit("203.0.113.8", "Browser A");
    await visit("203.0.113.7", "Browser B");
    expect(await viewsOf(referral.id)).toBe(3);
    // The owner's own look is not counted; a member counts as themselves.
    await visit("203.0.113.9", "Browser C", referrer.cookie);
    expect(await viewsOf(referral.id)).toBe(3);
    expect((await fetchPath(`/r/nosuchcode/view`)).status).toBe(200);

    const kept = await testDb().select().from(referralViews).where(eq(referralViews.referralId, referral.id));
    expect(kept).toHaveLength(3);
    for (const row of kept) {
      expect(row.viewer).toMatch(/^visitor:[0-9a-f]{32}$/);
      expect(row.viewer).not.toContain("203.0.113");
    }
  });

  it("prunes who-viewed rows of past days in the cron, keeping today's", async () => {
    const { referral } = await createMarket();
    const today = dayOf(Date.now());
    const db = testDb();
    await db.insert(referralViews).values([
      { referralId: referral.id, viewer: "old-viewer", day: today - 1, event: "view" },
      { referralId: referral.id, viewer: "old-clicker", day: today - 30, event: "click" },
      { referralId: referral.id, viewer: "today-viewer", day: today, event: "view" },
    ]);
    await runCron();
    const left = await db.select().from(referralViews).where(eq(referralViews.referralId, referral.id));
    expect(left.map((row) => row.viewer)).toEqual(["today-viewer"]);
  }, 30_000);

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

describe("the referrer's funnel", () => {
  const totalsOf = async (token: string, days: number) =>
    (await api("GET", `${ANALYTICS}?days=${days}`, token)).body.totals as Record<string, number>;

  it("counts a confirmed success as an approval when the status never moved, and an approval once per application", async () => {
    const { referrer, applicant, application } = await createMarket();
    const step = (token: string, body: object) =>
      api("POST", `/api/applications/card-apply/${application.id}/outcome`, token, body);
    expect((await step(referrer.token, { step: "bonus-posted" })).status).toBe(200);
    expect((await step(applicant.token, { step: "bonus-received" })).status).toBe(200);
    expect(await totalsOf(referrer.token, 7)).toMatchObject({ approvals: 1, successes: 1 });

    // Confirming the bonus made it Successful (ADR 175): choosing it again adds no second approval,
    // and it cannot move out.
    for (const [status, answer] of [
      ["successful", 200],
      ["pending", 409],
      ["successful", 200],
    ] as const) {
      const moved = await api("PUT", `/api/applications/card-apply/${application.id}`, applicant.token, { status });
      expect(moved.status, status).toBe(answer);
    }
    expect(await totalsOf(referrer.token, 7)).toMatchObject({ approvals: 1, successes: 1 });
  });

  it("counts a success on its approval's day, so no period shows more successes than approvals", async () => {
    const { referrer, applicant, referral, application } = await createMarket();
    const moved = await api("PUT", `/api/applications/card-apply/${application.id}`, applicant.token, {
      status: "successful",
    });
    expect(moved.status).toBe(200);
    // That approval happened ten days ago.
    const then = Date.now() - 10 * DAY_MS;
    const db = testDb();
    await db
      .update(applications)
      .set({ approvedAt: new Date(then) })
      .where(eq(applications.id, application.id));
    await db
      .update(referralDaily)
      .set({ day: dayOf(then) })
      .where(eq(referralDaily.referralId, referral.id));

    await api("POST", `/api/applications/card-apply/${application.id}/outcome`, referrer.token, {
      step: "bonus-posted",
    });
    await api("POST", `/api/applications/card-apply/${application.id}/outcome`, applicant.token, {
      step: "bonus-received",
    });
    expect(await totalsOf(referrer.token, 7)).toMatchObject({ approvals: 0, successes: 0 });
    expect(await totalsOf(referrer.token, 30)).toMatchObject({ approvals: 1, successes: 1 });
    expect(await rowsOf(referral.id)).toEqual([
      expect.objectContaining({ day: dayOf(then), approvals: 1, successes: 1 }),
    ]);
  });
});

describe("the analytics page", () => {
  const page = async (cookie: string, query: string) => {
    const response = await fetchPath(`/dashboard/analytics${query}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

  it("says there is nothing yet, in words, for a member without referrals", async () => {
    const member = await createSignedInUser();
    const html = await page(member.cookie, "");
    expect(html).toContain("No activity in the last 30 days");
    expect(html).toContain("You have no referrals yet");
    expect(html).not.toContain('data-testid="chart-views"');
  });

  it("shows the chosen range: charts with value and date axes, and the same figures in a table", async () => {
    const { referrer, referral } = await createMarket();
    const today = dayOf(Date.now());
    await testDb()
      .insert(referralDaily)
      .values([
        { referralId: referral.id, referrerId: referrer.user.id, day: today - 60, views: 7, clicks: 2 },
        { referralId: referral.id, referrerId: referrer.user.id, day: today - 3, views: 13, clicks: 4 },
      ]);

    const month = await page(referrer.cookie, "?days=30");
    expect(month).toContain('data-testid="chart-views"');
    // The value axis runs from 0 to a round top above the highest day (13 -> 0, 5, 10, 15).
    expect(month).toMatch(/data-axis="values"[^]*?>15<\/span>/);
    // Dated ticks end on today.
    expect(month).toContain(`>${shortDate(isoDay(today))}</span>`);
    expect(month).toContain(`<time dateTime="${isoDay(today - 3)}"`);
    expect(month).not.toContain(`<time dateTime="${isoDay(today - 60)}"`);
    expect(month).toMatch(/data-testid="total-views"[^>]*>13</);

    const quarter = await page(referrer.cookie, "?days=90");
    expect(quarter).toMatch(/data-testid="total-views"[^>]*>20</);
    expect(quarter).toContain(`<time dateTime="${isoDay(today - 60)}"`);
    expect(quarter).toMatch(/aria-current="page"[^>]*>90 days</);

    // A range with nothing in it: the empty state, pointing at the longer range.
    await testDb()
      .delete(referralDaily)
      .where(and(eq(referralDaily.referralId, referral.id), eq(referralDaily.day, today - 3)));
    const quiet = await page(referrer.cookie, "?days=30");
    expect(quiet).toContain("No activity in the last 30 days");
    expect(quiet).toContain("Nobody has viewed, clicked or applied through your referrals since");
    expect(quiet).toMatch(/href="[^"]*\?days=90"[^>]*>Look at the last 90 days</);
    expect(quiet).not.toContain('data-testid="chart-views"');

    const refused = await fetchPath("/dashboard/analytics?days=45", { headers: { Cookie: referrer.cookie } });
    expect(refused.status).toBe(400);
  });
});
