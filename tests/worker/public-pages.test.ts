/**
 * The public card and shared-referral pages (docs/product.md#card-pages, #shared-referrals): served
 * to visitors from the edge cache and purged by the writes that change them (ADR 062), never
 * cached for a signed-in request; and PUT /api/referrals/card-refer/{id}, the owner's edit.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, referrals } from "../../db/schema";
import { EDGE_CACHE_HEADER } from "~/http/edge-cache.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { OWNER_MESSAGES } from "~/modules/referrals/edit.server";
import { api, createSignedInUser, fetchWithEnv, testDb } from "./helpers";

/** A listed card with one referral of a signed-in referrer; the referral's public code. */
async function cardWithReferral() {
  const card = makeCard({ applyBenefitWithReferral: "Earn 50,000 points after $3,000 in 3 months" });
  await testDb().insert(creditCards).values(card);
  const owner = await createSignedInUser({ firstName: "Pia", lastName: "Owner" });
  const referral = makeReferral(owner.user.id, card.id, { additionalInfo: "First words" });
  await testDb().insert(referrals).values(referral);
  const { code } = (await testDb()
    .select({ code: referrals.code })
    .from(referrals)
    .where(eq(referrals.id, referral.id))
    .get())!;
  return { card, owner, referral, code: code! };
}

/** A call through the Worker entry (so its purge, in waitUntil, is done when this returns). */
function asMember(token: string, method: string, path: string, body?: unknown) {
  return fetchWithEnv(
    path,
    {},
    {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    },
  );
}

const edit = (cardId: string, changes: Record<string, unknown> = {}) => ({
  creditCardId: cardId,
  referralLink: `https://refer.example/edited-${crypto.randomUUID().slice(0, 8)}`,
  sharingBenefitPortion: 0,
  additionalInfo: "Edited words",
  ...changes,
});

describe("public pages from the edge cache", () => {
  it("serves a card page to visitors from the cache and drops it when a referral of the card is edited", async () => {
    const { card, owner, referral } = await cardWithReferral();
    const path = `/cards/${card.slug}`;
    const first = await fetchWithEnv(path, {});
    expect(first.status).toBe(200);
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    const html = await first.text();
    expect(html).toContain(card.name);
    expect(html).toContain("Pia Owner");
    // The link stays behind sign-in, in the HTML and in the page's data.
    expect(html).not.toContain(referral.referralLink);
    expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");

    const saved = await asMember(owner.token, "PUT", `/api/referrals/card-refer/${referral.id}`, edit(card.id));
    expect(saved.status).toBe(200);
    const after = await fetchWithEnv(path, {});
    expect(after.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");
  });

  it("drops a shared referral's page when its owner closes it, which then says it is gone", async () => {
    const { owner, referral, code } = await cardWithReferral();
    const path = `/r/${code}`;
    expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    const closed = await asMember(owner.token, "POST", `/api/referrals/card-refer/mark-inactive/${referral.id}`);
    expect(closed.status).toBe(200);
    const gone = await fetchWithEnv(path, {});
    expect(gone.status).toBe(410);
    expect(gone.headers.get(EDGE_CACHE_HEADER)).not.toBe("hit");
    expect(await gone.text()).toContain("This referral is no longer available");
  });

  it("drops a card's pages when an admin edits the card", async () => {
    const { card, code } = await cardWithReferral();
    const admin = await createSignedInUser({ isAdmin: true });
    for (const path of [`/cards/${card.slug}`, `/r/${code}`]) {
      await fetchWithEnv(path, {});
      expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    }
    const renamed = await asMember(admin.token, "PUT", `/api/credit-cards/${card.id}`, {
      name: `${card.name} Plus`,
      issuer: card.issuer,
      category: card.category,
      annualFee: 0,
    });
    expect(renamed.status).toBe(200);
    const page = await fetchWithEnv(`/cards/${card.slug}`, {});
    expect(page.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    expect(await page.text()).toContain(`${card.name} Plus`);
    expect((await fetchWithEnv(`/r/${code}`, {})).headers.get(EDGE_CACHE_HEADER)).toBe("miss");
  });

  it("never caches the pages for a signed-in member, who is sent on to the referral itself", async () => {
    const { card, referral, code } = await cardWithReferral();
    const member = await createSignedInUser();
    await fetchWithEnv(`/cards/${card.slug}`, {});
    const signedIn = await fetchWithEnv(`/cards/${card.slug}`, {}, { headers: { Cookie: member.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect(signedIn.headers.get("Cache-Control")).toBe("no-store");
    const shared = await fetchWithEnv(`/r/${code}`, {}, { headers: { Cookie: member.cookie }, redirect: "manual" });
    expect(shared.status).toBe(302);
    expect(shared.headers.get("Location")).toBe(`/apply/${referral.id}`);
    expect(shared.headers.get(EDGE_CACHE_HEADER)).toBeNull();
  });

  it("links a listed card's name on /apply tiles and the referral page to the card's page, not a waiting card's", async () => {
    const { card, referral } = await cardWithReferral();
    const member = await createSignedInUser();
    const cardLink = new RegExp(`<a[^>]*href="/cards/${card.slug}"[^>]*>${card.name}</a>`);
    const detail = await fetchWithEnv(`/apply/${referral.id}`, {}, { headers: { Cookie: member.cookie } });
    expect(await detail.text()).toMatch(cardLink);
    const apply = await fetchWithEnv(
      `/apply?q=${encodeURIComponent(card.name)}`,
      {},
      { headers: { Cookie: member.cookie } },
    );
    expect(await apply.text()).toMatch(cardLink);

    // A member's own card waiting for review has no public page: its name is plain text for them.
    const waiting = makeCard({ isUserAdded: true, active: false });
    await testDb().insert(creditCards).values(waiting);
    const mine = makeReferral(member.user.id, waiting.id);
    await testDb().insert(referrals).values(mine);
    const own = await fetchWithEnv(`/apply/${mine.id}`, {}, { headers: { Cookie: member.cookie } });
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain(waiting.name);
    expect(html).not.toContain(`href="/cards/${waiting.slug}"`);
  });

  it("answers 404 for an unknown card or code and for a member's own unlisted card", async () => {
    expect((await fetchWithEnv("/cards/no-such-card", {})).status).toBe(404);
    expect((await fetchWithEnv("/r/nosuchcode", {})).status).toBe(404);
    const own = makeCard({ isUserAdded: true });
    await testDb().insert(creditCards).values(own);
    expect((await fetchWithEnv(`/cards/${own.slug}`, {})).status).toBe(404);
  });

  it("lists every listed card in the sitemap, and robots.txt points at it", async () => {
    const { card } = await cardWithReferral();
    const sitemap = await (await fetchWithEnv("/sitemap.xml", {})).text();
    expect(sitemap).toContain(`/cards/${card.slug}</loc>`);
    for (const path of ["/terms", "/privacy"]) expect(sitemap).toContain(`${path}</loc>`);
    expect(await (await fetchWithEnv("/robots.txt", {})).text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});

describe("PUT /api/referrals/card-refer/{id}", () => {
  it("saves the owner's edit with the creation's rules", async () => {
    const { card, owner, referral } = await cardWithReferral();
    const path = `/api/referrals/card-refer/${referral.id}`;
    const refused = await api("PUT", path, owner.token, edit(card.id, { sharingBenefitPortion: 20 }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REFERRAL_MESSAGES.referrerBonusRequired);

    const saved = await api(
      "PUT",
      path,
      owner.token,
      edit(card.id, {
        sharingBenefitPortion: 20,
        specialReferrerBonus: { amount: 150, unit: "USD" },
        availableReferCount: 3,
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(OWNER_MESSAGES.updated);
    expect(saved.body.data).toMatchObject({
      sharingBenefitPortion: 20,
      availableReferCount: 3,
      additionalInfo: "Edited words",
      specialReferrerBonus: { amount: 150, unit: "USD" },
    });

    const otherCard = makeCard();
    await testDb().insert(creditCards).values(otherCard);
    const moved = await api("PUT", path, owner.token, edit(otherCard.id));
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(OWNER_MESSAGES.cardFixed);
  });

  it("refuses anyone but the owner, and an unknown referral", async () => {
    const { card, referral } = await cardWithReferral();
    const other = await createSignedInUser();
    const path = `/api/referrals/card-refer/${referral.id}`;
    const refused = await api("PUT", path, other.token, edit(card.id));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REFERRAL_MESSAGES.notOwner);
    expect((await api("PUT", path, null, edit(card.id))).status).toBe(401);
    expect((await api("PUT", "/api/referrals/card-refer/unknown-id", other.token, edit(card.id))).status).toBe(404);
    // Unchanged by the refusals.
    const row = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(row?.additionalInfo).toBe("First words");
  });

  it("flags a link another account publishes, as creation does", async () => {
    const { card, owner, referral } = await cardWithReferral();
    const twin = await cardWithReferral();
    await api(
      "PUT",
      `/api/referrals/card-refer/${referral.id}`,
      owner.token,
      edit(card.id, { referralLink: twin.referral.referralLink }),
    );
    const row = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(row?.duplicateOfId).toBe(twin.referral.id);
  });
});
