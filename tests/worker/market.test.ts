/**
 * The market a visitor sees (issue 31, docs/product.md#catalogue, ADR 200): the catalogue's search,
 * filters, sorts and keyset pages at 10,000 referrals, reading cards only; the cards' market columns
 * kept by migration 0021's triggers; the landing's figures; the sitemap; card and referral pages'
 * meta, canonical, Open Graph, Twitter and JSON-LD.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, LISTED_CONDITION, referrals, users } from "../../db/schema";
import { buildBenchReferrals, buildDemoData } from "../../db/seed/demo";
import { insertStatements } from "../../db/seed/sql";
import { runRead } from "~/core/d1-reads.server";
import { edgeCache } from "~/http/edge-cache.server";
import { estimatedValue } from "~/modules/cards/value";
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS } from "~/modules/public/catalogue";
import { CatalogueQuerySchema, catalogueRead, unitsOfKind } from "~/modules/public/catalogue.server";
import { marketFiguresCacheRequest, readMarketFigures } from "~/modules/public/market.server";
import { dayOf } from "~/modules/analytics/rollup.server";
import { createSignedInUser, fetchWithEnv, testDb } from "./helpers";
import { codeOf } from "./market-helpers";

const COUNT = 10_000;
const visitor = () => ({ db: testDb() });
const query = (params: string) => CatalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(params)));
const page = (params: string) => runRead(catalogueRead(visitor(), query(params)));
let demoCards: ReturnType<typeof buildDemoData>["cards"] = [];

beforeAll(async () => {
  // The worker tests share one database: this file's cards and people are its own (ids, slugs and
  // addresses apart from the search-scale test's bench), and its assertions count what is there.
  const demo = buildDemoData("unused-hash");
  demoCards = demo.cards.map((card) => ({ ...card, id: `mk-${card.id}`, slug: `mk-${card.slug}`, createdById: null }));
  const bench = buildBenchReferrals(COUNT, demoCards, "unused-hash");
  const people = bench.users.map((user) => ({ ...user, email: `mk-${user.email}`, username: `mk-${user.username}` }));
  const statements = [
    ...insertStatements(users, people),
    ...insertStatements(creditCards, demoCards),
    ...insertStatements(referrals, bench.referrals),
  ];
  for (let start = 0; start < statements.length; start += 50) {
    await env.DB.batch(statements.slice(start, start + 50).map((statement) => env.DB.prepare(statement)));
  }
}, 180_000);

/** How many listed cards there are now (all the files' cards: the database is shared). */
async function listedCards() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM credit_cards WHERE active = 1 AND is_user_added = 0").first<{
    n: number;
  }>())!.n;
}

/** Each listed card's market as a plain (slow) aggregate over the referrals computes it. */
async function marketByAggregate() {
  const { results } = await env.DB.prepare(
    `SELECT c.id, count(r.id) AS live, coalesce(max(coalesce(r.share_amount_cents, 0) / 100.0), 0) AS best
     FROM credit_cards c LEFT JOIN referrals r ON r.credit_card_id = c.id AND ${LISTED_CONDITION.replace(/"(\w+)"/g, "r.$1")}
     GROUP BY c.id`,
  ).all<{ id: string; live: number; best: number }>();
  return new Map(results.map((row) => [row.id, row]));
}

describe(`the catalogue at ${COUNT} referrals`, () => {
  it("keeps each card's live referrals, best share and offer value by trigger, as the referrals say", async () => {
    const expected = await marketByAggregate();
    const { results } = await env.DB.prepare(
      "SELECT id, live_referrals, best_share_value, offer_value, offer_amount, offer_unit FROM credit_cards",
    ).all<{
      id: string;
      live_referrals: number;
      best_share_value: number;
      offer_value: number;
      offer_amount: number;
      offer_unit: "USD";
    }>();
    expect(results.length).toBeGreaterThanOrEqual(demoCards.length);
    expect(results.reduce((sum, row) => sum + row.live_referrals, 0)).toBeGreaterThan(COUNT / 2);
    for (const row of results) {
      expect(row.live_referrals, row.id).toBe(expected.get(row.id)!.live);
      expect(row.best_share_value).toBeCloseTo(expected.get(row.id)!.best, 6);
      expect(row.offer_value).toBeCloseTo(estimatedValue({ amount: row.offer_amount, unit: row.offer_unit }) ?? 0, 6);
    }
  });

  it.each(CATALOGUE_SORTS)("sorts by %s and pages by keyset, reading no more rows than a page needs", async (sort) => {
    const first = await page(`sort=${sort}`);
    expect(first.cards.length).toBe(CATALOGUE_PAGE_SIZE);
    // The page's rows and the one after it: the order's index, never the referrals.
    // (A later page also reads the cursor's own row, where the seek lands.)
    expect(first.rowsRead, `page 1 of ${sort}`).toBeLessThanOrEqual(CATALOGUE_PAGE_SIZE + 2);
    const second = await page(`sort=${sort}&after=${first.nextCursor}`);
    expect(second.rowsRead, `page 2 of ${sort}`).toBeLessThanOrEqual(CATALOGUE_PAGE_SIZE + 2);
    const seen = new Set(first.cards.map((card) => card.slug));
    for (const card of second.cards) expect(seen.has(card.slug)).toBe(false);
    const all = [...first.cards, ...second.cards];
    const values = all.map((card) =>
      sort === "referrals"
        ? card.liveReferrals
        : sort === "share"
          ? card.bestShareValue
          : sort === "offer"
            ? card.offerValue
            : card.annualFee,
    );
    expect(values).toEqual([...values].sort((a, b) => (sort === "fee" ? a - b : b - a)));
    // Every listed card once across the pages.
    let cursor = second.nextCursor;
    let count = all.length;
    while (cursor) {
      const next = await page(`sort=${sort}&after=${cursor}`);
      count += next.cards.length;
      cursor = next.nextCursor;
    }
    expect(count).toBe(await listedCards());
  });

  it("filters by issuer, category, annual fee and bonus type, and searches card or issuer", async () => {
    const issuer = demoCards[0].issuer;
    const byIssuer = await page(`issuer=${encodeURIComponent(issuer)}`);
    expect(byIssuer.cards.length).toBeGreaterThan(0);
    for (const card of byIssuer.cards) expect(card.issuer).toBe(issuer);

    const travel = await page("category=Travel&sort=share");
    expect(travel.cards.length).toBeGreaterThan(0);
    for (const card of travel.cards) expect(card.category).toBe("Travel");

    const noFee = await page("maxFee=0");
    expect(noFee.cards.length).toBeGreaterThan(0);
    for (const card of noFee.cards) expect(card.annualFee).toBe(0);

    const points = await page("bonus=points&sort=offer");
    expect(points.cards.length).toBeGreaterThan(0);
    expect(unitsOfKind("points")).toEqual(["Points"]);
    for (const card of points.cards) expect(card.welcomeOffer).toMatch(/points/);

    const bySearch = await page(`q=${encodeURIComponent(issuer.toUpperCase().slice(0, 5))}`);
    expect(bySearch.cards.length).toBeGreaterThan(0);
    for (const card of bySearch.cards) {
      expect(`${card.name} ${card.issuer}`.toLowerCase()).toContain(issuer.toLowerCase().slice(0, 5));
    }
    // A filtered page reads cards (an index entry and its row at most), never the referrals.
    for (const filtered of [byIssuer, travel, noFee, points, bySearch]) {
      expect(filtered.rowsRead).toBeLessThanOrEqual(2 * (await listedCards()) + 2);
    }
    // LIKE's wildcards are text: '%' finds nothing rather than everything.
    expect((await page("q=%25")).cards).toEqual([]);
  });

  it("answers /cards to a visitor without JavaScript: the filter form's GET, and bad values as no filter", async () => {
    const response = await fetchWithEnv("/cards?q=&issuer=&category=Travel&maxFee=&bonus=&sort=share", {});
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="search"');
    expect(html).toMatch(/<option value="Travel" selected="">Travel<\/option>/);
    expect(html).toContain("Live referrals");
    expect(html).toContain("Best share");
    const odd = await fetchWithEnv("/cards?sort=nonsense&maxFee=7&category=Nope&after=garbage", {});
    expect(odd.status).toBe(200);
  });

  it("moves a card's count and best share as referrals join, change, close and go", async () => {
    const card = makeCard();
    await testDb().insert(creditCards).values(card);
    const owner = await createSignedInUser();
    const referral = makeReferral(owner.user.id, card.id, { sharingBenefitPortion: 20, shareAmountCents: 2000 });
    await testDb().insert(referrals).values(referral);
    const market = () =>
      testDb()
        .select({ live: creditCards.liveReferrals, best: creditCards.bestShareValue })
        .from(creditCards)
        .where(eq(creditCards.id, card.id))
        .get();
    expect(await market()).toEqual({ live: 1, best: 20 });
    await testDb()
      .update(referrals)
      .set({ sharingBenefitPortion: 50, shareAmountCents: 5000 })
      .where(eq(referrals.id, referral.id));
    expect(await market()).toEqual({ live: 1, best: 50 });
    const other = makeReferral((await createSignedInUser()).user.id, card.id, {
      sharingBenefitPortion: 30,
      shareAmountCents: 3000,
    });
    await testDb().insert(referrals).values(other);
    expect(await market()).toEqual({ live: 2, best: 50 });
    // The best one lowers its share: the best is read again.
    await testDb()
      .update(referrals)
      .set({ sharingBenefitPortion: 10, shareAmountCents: 1000 })
      .where(eq(referrals.id, referral.id));
    expect(await market()).toEqual({ live: 2, best: 30 });
    await testDb().delete(referrals).where(eq(referrals.id, other.id));
    expect(await market()).toEqual({ live: 1, best: 10 });
    await testDb().update(referrals).set({ isActive: false }).where(eq(referrals.id, referral.id));
    expect(await market()).toEqual({ live: 0, best: 0 });
  });
});

describe("the landing's live market", () => {
  it("shows the figures read now, then the hour's copy until it expires", async () => {
    await edgeCache().delete(marketFiguresCacheRequest());
    const [referral] = await env.DB.prepare("SELECT id, referrer_id FROM referrals LIMIT 1")
      .all<{ id: string; referrer_id: string }>()
      .then((r) => r.results);
    const today = dayOf(Date.now());
    const before = await readMarketFigures(visitor());
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO referral_daily (referral_id, referrer_id, day, successes, shares_paid) VALUES (?, ?, ?, 3, 2), (?, ?, ?, 5, 4)",
      ).bind(referral.id, referral.referrer_id, today - 1, referral.id, referral.referrer_id, today - 10),
      // Outside the 90 days: not counted.
      env.DB.prepare(
        "INSERT INTO referral_daily (referral_id, referrer_id, day, successes, shares_paid) VALUES (?, ?, ?, 7, 7)",
      ).bind(referral.id, referral.referrer_id, today - 91),
    ]);
    const figures = await readMarketFigures(visitor());
    expect(figures.confirmedSuccesses - before.confirmedSuccesses).toBe(8);
    expect(figures.sharesPaid - before.sharesPaid).toBe(6);
    const live = await env.DB.prepare(
      `SELECT count(*) AS referrals, count(DISTINCT r.credit_card_id) AS cards FROM referrals r
       JOIN credit_cards c ON c.id = r.credit_card_id AND c.active = 1 AND c.is_user_added = 0
       WHERE ${LISTED_CONDITION.replace(/"(\w+)"/g, "r.$1")}`,
    ).first<{ referrals: number; cards: number }>();
    expect(figures.activeReferrals).toBe(live!.referrals);
    expect(figures.cardsWithReferrals).toBe(live!.cards);
    expect(figures.topCards.length).toBe(6);
    const gets = figures.topCards.map((card) => card.offerValue + card.bestShareValue);
    expect(gets).toEqual([...gets].sort((a, b) => b - a));

    const html = await (await fetchWithEnv("/", {}, { headers: { "Cache-Control": "no-cache" } })).text();
    expect(html).toContain("Referrals on Cardshare today");
    expect(html).toContain(figures.activeReferrals.toLocaleString("en-US"));
    for (const card of figures.topCards) expect(html).toContain(`href="/cards/${card.slug}"`);
    expect(html).toMatch(/href="\/cards"[^>]*>Browse cards/);
    // The spec's samples stay, labelled as such.
    expect(html).toContain("Sample offers");

    // Within the hour the landing shows the same figures, whatever changed since.
    await env.DB.prepare("UPDATE referrals SET is_active = 0 WHERE id = ?").bind(referral.id).run();
    const again = await (await fetchWithEnv("/", {}, { headers: { "Cache-Control": "no-cache" } })).text();
    expect(again).toContain(figures.activeReferrals.toLocaleString("en-US"));
    const cached = await edgeCache().match(marketFiguresCacheRequest());
    expect(cached?.headers.get("Cache-Control")).toBe("public, s-maxage=3600");
  });
});

/** A JSON-LD object as parsed. */
type LdObject = Record<string, unknown>;

/** The meta tags and JSON-LD of a page's HTML. */
function headOf(html: string) {
  const attr = (pattern: RegExp) =>
    pattern
      .exec(html)?.[1]
      ?.replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'");
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) =>
      JSON.parse(
        match[1]
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&#x27;|&#39;/g, "'"),
      ) as LdObject,
  );
  return {
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogDescription: attr(/<meta property="og:description" content="([^"]*)"/),
    twitterCard: attr(/<meta name="twitter:card" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    ogImageSize: [
      attr(/<meta property="og:image:width" content="([^"]*)"/),
      attr(/<meta property="og:image:height" content="([^"]*)"/),
    ],
    twitterImage: attr(/<meta name="twitter:image" content="([^"]*)"/),
    twitterTitle: attr(/<meta name="twitter:title" content="([^"]*)"/),
    jsonLd,
  };
}

describe("pages that preview well", () => {
  async function theCard() {
    const card = makeCard({
      name: "The Business Platinum Card",
      issuer: "American Express",
      applyBenefitWithReferral: "Earn 150,000 points after $20,000 spend in 3 months",
      offerAmount: 150_000,
      offerUnit: "Points",
      offerMinSpend: 20_000,
      offerMonths: 3,
      annualFee: 695,
    });
    await testDb().insert(creditCards).values(card);
    const owner = await createSignedInUser({ firstName: "Lia", lastName: "Share" });
    const referral = makeReferral(owner.user.id, card.id, { sharingBenefitPortion: 25, shareAmountCents: 2500 });
    await testDb().insert(referrals).values(referral);
    return { card, referral, code: await codeOf(referral.id) };
  }

  it("gives a card page its description (no doubled words), canonical URL, Open Graph, Twitter and JSON-LD", async () => {
    const { card, code } = await theCard();
    const html = await (await fetchWithEnv(`/cards/${card.slug}`, {})).text();
    const head = headOf(html);
    const url = `http://localhost:8787/cards/${card.slug}`;
    expect(head.description).toContain("Apply for The Business Platinum Card by American Express");
    expect(head.description).not.toMatch(/\b(\w+) \1\b/i);
    expect(head.canonical).toBe(url);
    expect(head.ogUrl).toBe(url);
    expect(head.ogTitle).toBe("The Business Platinum Card referrals | Cardshare");
    expect(head.ogDescription).toBe(head.description);
    // Its share image (ADR 201), drawn for the page at the 1200x630 of a large-image card.
    expect(head.twitterCard).toBe("summary_large_image");
    expect(head.ogImage).toBe(`${url}/og.png`);
    expect(head.ogImageSize).toEqual(["1200", "630"]);
    expect(head.twitterImage).toBe(head.ogImage);
    expect(head.twitterTitle).toBe(head.ogTitle);
    // JSON-LD: parsed, typed, the card and its offer; no rating (referrers' ratings are not the card's).
    expect(head.jsonLd).toHaveLength(1);
    const [ld] = head.jsonLd;
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("CreditCard");
    expect(ld.name).toBe(card.name);
    expect(ld.url).toBe(url);
    expect(ld.provider).toEqual({ "@type": "Organization", name: "American Express" });
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      description: "150,000 points after $20,000 spend in 3 months",
      priceSpecification: { "@type": "UnitPriceSpecification", price: 695, priceCurrency: "USD" },
    });
    expect(JSON.stringify(ld)).not.toContain("aggregateRating");
    // One statement of the offer: the structured one, not its text beside it, never 'no offer'.
    expect(html).not.toContain("No fixed welcome offer");
    expect(html).not.toContain(">Earn 150,000 points after $20,000 spend in 3 months");
    // A visitor's Details open the referral's public page, not sign-in; one list, no table.
    expect(html).toContain(`href="/r/${code}"`);
    expect(html).not.toContain("/auth?redirectTo=%2Fapply");
    expect(html).not.toContain("<table");
    expect(html).toContain("$25 by a method agreed in chat within 7 days of the bonus posting");
    // The site footer: support, terms, privacy.
    expect(html).toContain('href="/terms"');
    expect(html).toContain('href="mailto:');
  });

  it("gives a referral's public page its meta, the share as money, outcomes, reviews and the footer", async () => {
    const { code } = await theCard();
    const html = await (await fetchWithEnv(`/r/${code}`, {})).text();
    const head = headOf(html);
    expect(head.canonical).toBe(`http://localhost:8787/r/${code}`);
    expect(head.description).toContain("Apply for The Business Platinum Card with a referral from Lia");
    expect(head.description).toContain("who shares $25 by a method agreed in chat within 7 days");
    expect(head.description).not.toMatch(/\b(\w+) \1\b/i);
    expect(head.ogTitle).toContain("referral from Lia");
    expect(head.twitterCard).toBe("summary_large_image");
    expect(head.ogImage).toBe(`http://localhost:8787/r/${code}/og.png`);
    expect(head.twitterImage).toBe(head.ogImage);
    expect(html).toContain("$25 by a method agreed in chat within 7 days of the bonus posting");
    expect(html).toContain("150,000 points after $20,000 spend in 3 months");
    expect(html).toContain("No confirmed outcomes yet");
    expect(html).toMatch(/Latest reviews of (<!-- -->)?Lia/);
    expect(html).toContain(`redirectTo=%2Fr%2F${code}`);
    expect(html).toContain('href="/privacy"');
    for (const path of ["/terms", "/privacy", "/cards"]) {
      const page = await (await fetchWithEnv(path, {})).text();
      expect(page, path).toContain('href="/privacy"');
      expect(page, path).toContain('href="mailto:');
    }
  });

  it("lists every public card page and live referral page in the sitemap, and no closed one", async () => {
    const { card, code, referral } = await theCard();
    const closed = makeReferral((await createSignedInUser()).user.id, card.id, { isActive: false });
    await testDb().insert(referrals).values(closed);
    const closedCode = await codeOf(closed.id);
    const xml = await (await fetchWithEnv("/sitemap.xml", {})).text();
    expect(xml).toContain(`<loc>http://localhost:8787/cards/${card.slug}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:8787/r/${code}</loc>`);
    expect(xml).not.toContain(`/r/${closedCode}<`);
    const live = await env.DB.prepare(
      `SELECT count(*) AS n FROM referrals WHERE ${LISTED_CONDITION} AND code IS NOT NULL`,
    ).first<{ n: number }>();
    expect(xml.match(/\/r\//g)?.length).toBe(live!.n);
    expect(referral.id).toBeTruthy();
  });
});
