/**
 * Issue 16, the applicant's value (docs/decisions/130-welcome-offers-and-estimated-values.md):
 * structured welcome offers, the estimated values the bonus sort uses (kept by migration 0012's
 * triggers), /apply's issuer, category and bonus-type filters and its result count, the share
 * recorded on an application, and the referral page's states.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral, type NewCard, type NewReferral } from "../../db/factories";
import { BONUS_UNITS } from "../../db/enums";
import { applications, creditCards, referrals } from "../../db/schema";
import { APPLICATION_MESSAGES } from "~/modules/applications/status";
import { estimatedValue } from "~/modules/cards/value";
import { parseSearchParams, searchReferrals } from "~/modules/referrals/search.server";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

async function insertCard(overrides: Partial<NewCard> = {}) {
  const card = makeCard(overrides);
  await testDb().insert(creditCards).values(card);
  return card;
}

async function insertReferral(referrerId: string, cardId: string, overrides: Partial<NewReferral> = {}) {
  const referral = makeReferral(referrerId, cardId, overrides);
  await testDb().insert(referrals).values(referral);
  return referral;
}

async function listingOf(id: string) {
  return testDb()
    .select({
      bonusValue: referrals.bonusValue,
      cardIssuer: referrals.cardIssuer,
      cardCategory: referrals.cardCategory,
      offerKind: referrals.offerKind,
    })
    .from(referrals)
    .where(eq(referrals.id, id))
    .get();
}

/** A search as `actor` sees it, from URL parameters. */
const search = (params: string, actor: { id: string; isAdmin: boolean } | null = null) =>
  searchReferrals({ db: testDb(), actor }, parseSearchParams(new URLSearchParams(params)));

const pagePost = (path: string, cookie: string, fields: Record<string, string> = {}) =>
  postPageForm(path, cookie, fields);

describe("estimated values (migration 0012's triggers)", () => {
  it("value every unit as app/modules/cards/value.ts does, and follow card and referral edits", async () => {
    const { user } = await createSignedInUser();
    for (const unit of BONUS_UNITS) {
      const card = await insertCard({ referralBonusAmount: 25_000, referralBonusUnit: unit });
      const referral = await insertReferral(user.id, card.id);
      expect((await listingOf(referral.id))?.bonusValue, unit).toBeCloseTo(
        estimatedValue({ amount: 25_000, unit }) ?? 0,
      );
    }
    const card = await insertCard({ referralBonusAmount: 30_000, referralBonusUnit: "Points", issuer: "Old Bank" });
    const other = await createSignedInUser();
    const referral = await insertReferral(other.user.id, card.id);
    expect(await listingOf(referral.id)).toMatchObject({ bonusValue: 300, cardIssuer: "Old Bank", offerKind: "none" });

    await testDb()
      .update(creditCards)
      .set({
        referralBonusUnit: "Miles",
        issuer: "New Bank",
        category: "Travel",
        offerAmount: 60_000,
        offerUnit: "Miles",
      })
      .where(eq(creditCards.id, card.id));
    expect(await listingOf(referral.id)).toEqual({
      bonusValue: 360,
      cardIssuer: "New Bank",
      cardCategory: "Travel",
      offerKind: "miles",
    });

    // A special referrer bonus is the referral's own; its unit counts too.
    await testDb()
      .update(referrals)
      .set({ specialReferrerBonusAmount: 150, specialReferrerBonusUnit: "USD" })
      .where(eq(referrals.id, referral.id));
    expect((await listingOf(referral.id))?.bonusValue).toBe(150);
    await testDb().update(referrals).set({ specialReferrerBonusUnit: "Points" }).where(eq(referrals.id, referral.id));
    expect((await listingOf(referral.id))?.bonusValue).toBeCloseTo(1.5);
  });

  it("sort by the referral bonus's estimated value: $5M above 300M points (≈ $3M)", async () => {
    // Values above any other test's, so these two lead the order however full the database is.
    const issuer = `Sort Bank ${crypto.randomUUID().slice(0, 8)}`;
    const points = await insertCard({ issuer, referralBonusAmount: 300_000_000, referralBonusUnit: "Points" });
    const dollars = await insertCard({ issuer, referralBonusAmount: 5_000_000, referralBonusUnit: "USD" });
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const byPoints = await insertReferral(a.user.id, points.id);
    const byDollars = await insertReferral(b.user.id, dollars.id);
    const page = await search(`issuer=${encodeURIComponent(issuer)}&sort=bonus_desc`);
    expect(page.data.map((row) => row._id)).toEqual([byDollars.id, byPoints.id]);
  });
});

describe("/apply filters and count", () => {
  it("filter by issuer, category and bonus type, and count the first page's results", async () => {
    const issuer = `Filter Bank ${crypto.randomUUID().slice(0, 8)}`;
    // The highest fees of any test, so sort=fee_desc finds them in its first window.
    const top = { issuer, annualFee: 1_000_000 };
    const travel = await insertCard({ ...top, category: "Travel", offerAmount: 60_000, offerUnit: "Points" });
    const cash = await insertCard({ ...top, category: "Cashback", offerAmount: 200, offerUnit: "USD" });
    const ids: Record<string, string> = {};
    for (const [name, card] of Object.entries({ travel, cash })) {
      const { user } = await createSignedInUser();
      ids[name] = (await insertReferral(user.id, card.id)).id;
    }
    const q = `issuer=${encodeURIComponent(issuer)}&sort=fee_desc`;
    const both = await search(q);
    expect(both.data.map((row) => row._id).sort()).toEqual([ids.travel, ids.cash].sort());
    expect(both.total?.count).toBe(2);
    expect((await search(`${q}&category=Travel`)).data.map((row) => row._id)).toEqual([ids.travel]);
    expect((await search(`${q}&bonusType=cash`)).data.map((row) => row._id)).toEqual([ids.cash]);
    expect((await search(`${q}&bonusType=miles`)).total?.count).toBe(0);
    // Unknown values are ignored, never an error.
    expect((await search(`${q}&category=Nope&bonusType=gold`)).data).toHaveLength(2);
    // Later pages keep the count they were shown with.
    const paged = await search(`${q}&limit=1`);
    expect(paged.nextCursor).not.toBeNull();
    expect((await search(`${q}&limit=1&after=${paged.nextCursor}`)).total).toBeNull();
  });

  it("redirects a URL with empty parameters to the clean one", async () => {
    const { cookie } = await createSignedInUser();
    const response = await fetchPath("/apply?q=&issuer=&category=Travel&minCredit=&sort=fee_asc", {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/apply?category=Travel&sort=fee_asc");
    const all = await fetchPath("/apply?q=&maxFee=", { headers: { Cookie: cookie } });
    expect(all.headers.get("Location")).toBe("/apply");
    const clean = await fetchPath("/apply?category=Travel", { headers: { Cookie: cookie } });
    expect(clean.status).toBe(200);
    const html = await clean.text();
    expect(html).toMatch(/\d+\+? referrals?</);
    expect(html).toContain("Welcome bonus type");
  });
});

describe("the share promised on an application", () => {
  it("is recorded when the member applies and survives a later edit of the referral", async () => {
    const { user: referrer } = await createSignedInUser();
    const applicant = await createSignedInUser();
    const card = await insertCard({ referralBonusAmount: 10_000, referralBonusUnit: "Points" });
    const referral = await insertReferral(referrer.id, card.id, {
      sharingBenefitPortion: 20,
      specialReferrerBonusAmount: 150,
      specialReferrerBonusUnit: "USD",
      shareAmountCents: 3000,
      shareMethod: "paypal",
      shareTermsSetAt: new Date(),
    });
    const applied = await api("POST", "/api/referrals/card-refer/add-people", applicant.token, {
      referralId: referral.id,
    });
    expect(applied.status).toBe(201);
    const promised = {
      percent: 20,
      bonus: { amount: 150, unit: "USD" },
      amountCents: 3000,
      method: "paypal",
      deadlineDays: 7,
      text: "$30 by PayPal within 7 days of the bonus posting",
    };
    expect(applied.body.data.promisedShare).toMatchObject(promised);

    await testDb()
      .update(referrals)
      .set({ sharingBenefitPortion: 5, specialReferrerBonusAmount: 50, shareAmountCents: 250 })
      .where(eq(referrals.id, referral.id));
    const mine = await api("GET", "/api/applications/card-apply", applicant.token);
    const application = mine.body.data.find((row: { referral: { _id: string } }) => row.referral._id === referral.id);
    expect(application.promisedShare).toMatchObject(promised);

    const page = await fetchPath("/dashboard/my-applications", { headers: { Cookie: applicant.cookie } });
    expect(await page.text()).toContain("$30 by PayPal within 7 days of the bonus posting");
  });
});

describe("the referral page's states", () => {
  it("an applied referral says so and links to the application, with no way to apply again", async () => {
    const { applicant, referral, application } = await createMarket();
    const response = await fetchPath(`/apply/${referral.id}?step=1`, { headers: { Cookie: applicant.cookie } });
    const html = await response.text();
    expect(html).toContain("You applied on");
    expect(html).toContain(`/dashboard/my-applications#application-${application.id}`);
    expect(html).not.toContain("Apply with this Referral");
    expect(html).not.toContain("Already applied? Tell us");
    expect(html).not.toContain("Did you apply?");

    const again = await pagePost(`/apply/${referral.id}`, applicant.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(APPLICATION_MESSAGES.alreadyApplied);
  });

  it("a full referral disables Apply and points to the card's other referrals", async () => {
    const { user: referrer } = await createSignedInUser();
    const { user: second } = await createSignedInUser();
    const viewer = await createSignedInUser();
    const card = await insertCard();
    const full = await insertReferral(referrer.id, card.id, { availableReferCount: 0 });
    await insertReferral(second.id, card.id);
    const html = await (await fetchPath(`/apply/${full.id}`, { headers: { Cookie: viewer.cookie } })).text();
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Apply with this Referral/);
    expect(html).toContain(`href="/cards/${card.slug}"`);
    expect(html).toContain("See 1 other referral for this card");
    expect(html).not.toContain("Already applied? Tell us");

    const refused = await pagePost(`/apply/${full.id}`, viewer.cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(APPLICATION_MESSAGES.noSlots);
    expect(await testDb().select().from(applications).where(eq(applications.referralId, full.id)).all()).toEqual([]);
  });

  it("leads with what the applicant gets and whose each figure is", async () => {
    const { user: referrer } = await createSignedInUser();
    const viewer = await createSignedInUser();
    const card = await insertCard({
      offerAmount: 75_000,
      offerUnit: "Points",
      offerMinSpend: 5000,
      offerMonths: 3,
      issuer: `Chase ${crypto.randomUUID().slice(0, 8)}`,
      annualFee: 1_000_001,
    });
    const referral = await insertReferral(referrer.id, card.id, {
      sharingBenefitPortion: 20,
      specialReferrerBonusAmount: 150,
      specialReferrerBonusUnit: "USD",
      shareAmountCents: 3000,
      shareMethod: "zelle",
      shareTermsSetAt: new Date(),
      referrerCredit: 640,
      availableReferCount: 1,
    });
    const html = await (await fetchPath(`/apply/${referral.id}`, { headers: { Cookie: viewer.cookie } })).text();
    for (const text of [
      "You get",
      "75,000 points",
      "≈ $750 est.",
      "after $5,000 spend in 3 months",
      "Referrer shares",
      "$30 by Zelle within 7 days of the bonus posting",
      "Approved with ",
      "Only 1 referral left",
    ]) {
      expect(html, text).toContain(text);
    }
    const own = await createSignedInUser();
    await insertReferral(own.user.id, card.id);
    const tiles = await (
      await fetchPath(`/apply?issuer=${encodeURIComponent(card.issuer)}&sort=fee_desc`, {
        headers: { Cookie: own.cookie },
      })
    ).text();
    expect(tiles).toContain("Yours");
  });
});

describe("welcome offers in the card API", () => {
  it("an admin sets a card's offer; readers get it with its estimated value", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const created = await api("POST", "/api/credit-cards", admin.token, {
      name: `Offer Card ${crypto.randomUUID().slice(0, 8)}`,
      issuer: "Offer Bank",
      category: "Travel",
      welcomeOffer: { amount: 60_000, unit: "Miles", minSpend: 3000, months: 3 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.welcomeOffer).toEqual({
      amount: 60_000,
      unit: "Miles",
      minSpend: 3000,
      months: 3,
      estimatedValue: 720,
    });
    const bad = await api("POST", "/api/credit-cards", admin.token, {
      name: "Bad Offer",
      issuer: "Offer Bank",
      welcomeOffer: { amount: -1, months: 99 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Bonus amount cannot be negative");
    expect(JSON.stringify(bad.body)).toContain("That number is too large");
  });
});
