import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildBenchReferrals, buildDemoData } from "../../db/seed/demo";
import { insertStatements } from "../../db/seed/sql";
import { creditCards, LISTED_CONDITION, referrals, users } from "../../db/schema";
import { refreshRotationSlot } from "~/modules/referrals/rotation.server";
import {
  buildPageStatement,
  ftsQuery,
  orderFor,
  parseSearchParams,
  searchPageStatement,
  searchRead,
  searchReferrals,
  type SearchQuery,
} from "~/modules/referrals/search.server";
import { testDb } from "./helpers";
import type { Ctx } from "~/core/context.server";
import { runRead } from "~/core/d1-reads.server";
import { TILE_VIEW } from "~/modules/referrals/record-sql.server";

/** `whole` cut to the shape of `part`: the fields `part` has, nested objects alike. */
function projection(whole: unknown, part: unknown): unknown {
  if (part === null || typeof part !== "object" || whole === null || typeof whole !== "object") return whole;
  const source = whole as Record<string, unknown>;
  return Object.fromEntries(Object.entries(part).map(([key, value]) => [key, projection(source[key], value)]));
}

const COUNT = 20_000;
/** The bound at 100,000 referrals; at 20,000 the same plans must stay well inside it. */
const ROWS_READ_BOUND = 2000;

/** A visitor's context: the search reads as someone signed out. */
const visitor = () => ({ db: testDb(), actor: null });
const report: string[] = [];
const query = (params: string): SearchQuery => parseSearchParams(new URLSearchParams(params));

beforeAll(async () => {
  const demo = buildDemoData("unused-hash");
  const cards = demo.cards.map((card) => ({ ...card, createdById: null }));
  const bench = buildBenchReferrals(COUNT, cards, "unused-hash");
  const statements = [
    ...insertStatements(users, bench.users),
    ...insertStatements(creditCards, cards),
    ...insertStatements(referrals, bench.referrals),
  ];
  for (let start = 0; start < statements.length; start += 50) {
    await env.DB.batch(statements.slice(start, start + 50).map((statement) => env.DB.prepare(statement)));
  }
}, 120_000);

const CASES = [
  "",
  "sort=sharing_desc",
  "sort=sharing_asc",
  "sort=credit_desc",
  "sort=credit_asc",
  "sort=bonus_desc",
  "sort=bonus_asc",
  "sort=fee_desc",
  "sort=fee_asc",
  "minCredit=750",
  "minSharing=50",
  "maxFee=0",
  "minCredit=750&minSharing=50&maxFee=99",
  "minCredit=700&sort=sharing_desc",
  "q=travel",
  "q=chase",
  "q=zelle",
  "q=chase%20sapphire&sort=fee_asc",
  "q=desktop&minCredit=750",
  "q=nomatchwhatsoever",
];

/** The steps of a statement's plan that scan the referrals table without an index. */
async function fullScans(statement: string, binds: unknown[]) {
  const explained = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`)
    .bind(...binds)
    .all<{ detail: string }>();
  return explained.results.map((row) => row.detail).filter((detail) => /^SCAN referrals\b(?!.*USING)/.test(detail));
}

describe(`/apply search at ${COUNT} referrals`, () => {
  it.each(CASES)("reads at most 2,000 rows a page for '%s' (two pages)", async (params) => {
    const first = await searchReferrals(visitor(), query(params));
    expect(first.rowsRead, `page 1 of ${params} (${first.plan})`).toBeLessThanOrEqual(ROWS_READ_BOUND);
    report.push(`${params || "(default)"}: ${first.rowsRead} rows read, ${first.plan} plan`);
    if (first.nextCursor) {
      const second = await searchReferrals(visitor(), query(`${params}&after=${first.nextCursor}`));
      expect(second.rowsRead, `page 2 of ${params}`).toBeLessThanOrEqual(ROWS_READ_BOUND);
      const seen = new Set(first.data.map((row) => row._id));
      for (const row of second.data) expect(seen.has(row._id)).toBe(false);
    }
  });

  it("reads /apply's tiles as the whole referral presents them, without the columns tiles do not show", async () => {
    // A member who owns referrals on the page: 'Yours' and their own unmasked name, others masked.
    const first = await searchReferrals(visitor(), query("limit=50"));
    const owner = first.data[0].referrer._id;
    const member = { db: testDb(), actor: { id: owner } as NonNullable<Ctx["actor"]> };
    for (const params of ["limit=50", "q=travel&limit=50", "sort=bonus_desc&minSharing=50"]) {
      const whole = await searchReferrals(member, query(params));
      const { result: tiles } = await runRead(searchRead(member, query(params), null, TILE_VIEW));
      expect(tiles.data.length, params).toBe(whole.data.length);
      expect(tiles.nextCursor).toBe(whole.nextCursor);
      expect(tiles.total).toEqual(whole.total);
      tiles.data.forEach((tile, index) => expect(tile).toEqual(projection(whole.data[index], tile)));
      if (params === "limit=50") expect(tiles.data.some((tile) => tile.isOwner)).toBe(true);
    }
    const [tile] = (await runRead(searchRead(member, query("limit=1"), null, TILE_VIEW))).result.data;
    expect(Object.keys(tile.creditCard)).not.toContain("description");
    expect(Object.keys(tile)).not.toContain("referralLink");
  });

  it("never plans a full scan of referrals", async () => {
    expect(report.length).toBe(CASES.length);
    for (const params of CASES) {
      const parsed = query(params);
      for (const plan of ["index", "fts"] as const) {
        const { statement, binds } = buildPageStatement(
          parsed,
          orderFor(parsed.sort, 0),
          ftsQuery(parsed.q),
          ftsQuery(parsed.q) ? plan : "index",
        );
        expect(await fullScans(statement, binds)).toEqual([]);
      }
      // The statement the search runs: both plans behind their guards.
      const page = searchPageStatement(parsed, orderFor(parsed.sort, 0), ftsQuery(parsed.q));
      expect(await fullScans(page.statement, page.binds)).toEqual([]);
    }
  });

  it("matches text case-insensitively across card name, issuer, category and additional info", async () => {
    const byCategory = await searchReferrals(visitor(), query("q=TRAVEL"));
    expect(byCategory.data.length).toBeGreaterThan(0);
    for (const row of byCategory.data) {
      expect(`${row.creditCard.name} ${row.creditCard.issuer} ${row.creditCard.category}`.toLowerCase()).toContain(
        "travel",
      );
    }
    const byInfo = await searchReferrals(visitor(), query("q=zelle"));
    for (const row of byInfo.data) expect(row.additionalInfo.toLowerCase()).toContain("zelle");
  });

  it("sorts, filters and pages without repeats; the rotation is stable per slot and re-drawn by the refresh", async () => {
    const page = await searchReferrals(visitor(), query("sort=sharing_desc&minCredit=700&limit=50"));
    const sharing = page.data.map((row) => row.sharingBenefitPortion);
    expect(sharing).toEqual([...sharing].sort((a, b) => b - a));
    for (const row of page.data) expect(row.referrerCredit).toBeGreaterThanOrEqual(700);

    const slotA = await searchReferrals(visitor(), query("r=1"));
    const again = await searchReferrals(visitor(), query("r=1"));
    expect(again.data.map((row) => row._id)).toEqual(slotA.data.map((row) => row._id));
    await refreshRotationSlot(testDb(), 1);
    const redrawn = await searchReferrals(visitor(), query("r=1"));
    expect(redrawn.data.map((row) => row._id)).not.toEqual(slotA.data.map((row) => row._id));
  });

  it("sinks stale links: a redrawn slot gives referrals not confirmed for 90 days keys about 4 times larger", async () => {
    const db = testDb();
    const old = Date.now() - 100 * 86_400_000;
    await env.DB.prepare(`UPDATE referrals SET link_confirmed_at = CASE WHEN rowid % 2 = 0 THEN ? ELSE ? END`)
      .bind(old, Date.now())
      .run();
    await refreshRotationSlot(db, 2);
    const { results } = await env.DB.prepare(
      `SELECT rowid % 2 = 0 AS stale, avg(rotation_2) AS mean FROM referrals GROUP BY rowid % 2 = 0 ORDER BY stale`,
    ).all<{ stale: number; mean: number }>();
    const [fresh, stale] = results;
    // Exponential keys: the mean is 1 / weight, so a quartered weight has a 4x mean (2.5x at the least).
    expect(stale.mean / fresh.mean).toBeGreaterThan(2.5);
    expect(stale.mean / fresh.mean).toBeLessThan(6);
  });

  it("chooses the plan inside the query: the FTS index for a rare word, the order's index for a common one", async () => {
    const rare = await searchReferrals(visitor(), query("q=nomatchwhatsoever"));
    expect([rare.plan, rare.data, rare.nextCursor]).toEqual(["fts", [], null]);
    const common = await searchReferrals(visitor(), query("q=travel&sort=fee_asc"));
    expect(common.plan).toBe("index");
    // The page is the first `limit` matches in the order, as a plain (slow) query finds them.
    const expected = await env.DB.prepare(
      `SELECT r.id FROM referrals r JOIN referrals_fts f ON f.rowid = r.rowid
       WHERE f.referrals_fts MATCH ? AND ${LISTED_CONDITION}
       ORDER BY r.card_annual_fee ASC, r.id ASC LIMIT 12`,
    )
      .bind(ftsQuery("travel"))
      .all<{ id: string }>();
    expect(common.data.map((row) => row._id)).toEqual(expected.results.map((row) => row.id));
  });
});
