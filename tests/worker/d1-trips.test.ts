/**
 * How many D1 round trips the main pages wait for one after another (issue 20, "Few trips": at
 * most 2 sequential round trips per page, at most 1 write to the primary). Measured with the
 * bench's meter (bench/metered-worker.ts, docs/decisions/210): the Worker the bench serves reports
 * `x-d1-meter` on the response. A signed-in page starts with the
 * session lookup (round trip 1, shared by the loaders that run together); a page meets the target
 * when all its data is read in one round trip after that.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { D1MeterStats } from "~/utils/d1-meter.server";
import { parseMeterHeader } from "../../bench/d1-meter";
import { makeComment } from "../../db/factories";
import { comments } from "../../db/schema";
import { fetchMetered, fetchPath, ORIGIN, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

async function metered(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<D1MeterStats> {
  const response = await fetchMetered(path, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
  expect(response.status, path).toBe(200);
  await response.arrayBuffer();
  const stats = parseMeterHeader(response.headers.get("x-d1-meter"));
  expect(stats, `${path} reports x-d1-meter`).not.toBeNull();
  return stats!;
}

let market: Awaited<ReturnType<typeof createMarket>>;
let chatPath: string;
beforeAll(async () => {
  market = await createMarket();
  // A review and the referrer's reply, so the pages' thread reads have rows to read.
  const review = makeComment(market.referral.id, market.applicant.user.id, { applicationId: market.application.id });
  await testDb()
    .insert(comments)
    .values([
      review,
      makeComment(market.referral.id, market.referrer.user.id, {
        commentType: "referrerReply",
        originalCommentId: review.id,
        rating: null,
      }),
    ]);
  const start = await fetchPath("/chat", {
    method: "POST",
    headers: {
      Cookie: market.applicant.cookie,
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "start-direct", userId: market.referrer.user.id }).toString(),
  });
  chatPath = start.headers.get("Location")!;
  expect(chatPath).toMatch(/^\/chat\?chatId=/);
});

describe("D1 round trips per page", () => {
  it("normal serving does not meter: no x-d1-meter header", async () => {
    const response = await fetchPath("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-d1-meter")).toBeNull();
  });

  it("the landing page reads nothing from D1 for a visitor", async () => {
    expect(await metered("/")).toEqual({ calls: 0, chain: 0, rows: 0, writes: 0 });
  });

  it("a member's home (/refer) and an open conversation take 2 sequential round trips, and write nothing", async () => {
    for (const path of ["/refer", chatPath]) {
      const stats = await metered(path, market.applicant.cookie);
      expect(stats.chain, path).toBe(2);
      expect(stats.writes, path).toBe(0);
      expect(stats.rows, path).toBeGreaterThan(0);
    }
  });

  it("/chat without ?chatId= reads the list and the first chat's messages in one batch: 2", async () => {
    for (const path of ["/chat", "/chat?closed=1"]) {
      const stats = await metered(path, market.applicant.cookie);
      expect(stats.chain, path).toBe(2);
      expect(stats.writes, path).toBe(0);
    }
  });

  it("/dashboard tabs read their rows, comment counts and threads together: 2", async () => {
    // The referrer's referral has a review, so its thread and count are really read.
    const referrals = await metered("/dashboard/my-referrals", market.referrer.cookie);
    const applications = await metered("/dashboard/my-applications", market.applicant.cookie);
    const referrerHome = await metered("/refer", market.referrer.cookie);
    expect([referrals.chain, applications.chain, referrerHome.chain]).toEqual([2, 2, 2]);
    expect(referrals.writes + applications.writes + referrerHome.writes).toBe(0);
  });

  it("/refer reads step 1's issuers and My Referrals (page, counts, threads) in one batch: 2 calls, 2 trips", async () => {
    // The referrer's referral has a review and a reply: every statement of the batch has rows.
    for (const path of ["/refer", "/dashboard/my-referrals"]) {
      const stats = await metered(path, market.referrer.cookie);
      // The session with the header's unread count, then one batch.
      expect({ calls: stats.calls, chain: stats.chain, writes: stats.writes }, path).toEqual({
        calls: 2,
        chain: 2,
        writes: 0,
      });
    }
  });

  it("/apply reads its page, records, resume point, text plan and issuer list in one batch: 2 calls, 2 trips", async () => {
    for (const path of [
      "/apply",
      "/apply?q=card",
      "/apply?q=card&sort=fee_asc&minCredit=700",
      "/apply?q=nomatchwhatsoever",
    ]) {
      const stats = await metered(path, market.applicant.cookie);
      expect(stats.chain, path).toBe(2);
      // The session with the header's unread count, then the search batched with the issuers.
      expect(stats.calls, path).toBe(2);
      expect(stats.writes, path).toBe(0);
    }
  });

  it("GET /api/referrals/card-refer/active reads the page and its people in the search's statement: 2", async () => {
    // The referral has an applicant and its referrer a count: withPeople's reads, folded in (issue 20).
    for (const path of [
      "/api/referrals/card-refer/active",
      "/api/referrals/card-refer/active?q=card",
      "/api/referrals/card-refer/active?q=card&sort=bonus_desc&category=Rewards",
    ]) {
      const stats = await metered(path, undefined, { Authorization: `Bearer ${market.referrer.token}` });
      expect(stats.chain, path).toBe(2);
      expect(stats.writes, path).toBe(0);
    }
  });

  it("a referral page (/apply/:id) reads the referral, its reviews and replies together: 2", async () => {
    for (const path of [`/apply/${market.referral.id}`, `/apply/${market.referral.id}?step=3`]) {
      const stats = await metered(path, market.applicant.cookie);
      expect(stats.chain, path).toBe(2);
      expect(stats.writes, path).toBe(0);
    }
  });
});
