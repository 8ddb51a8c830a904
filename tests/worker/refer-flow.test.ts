/**
 * /refer's three steps as plain requests (what a browser without JavaScript sends), and the card's
 * rules, checked inside the one referral schema, giving the same answer on the page and on
 * POST /api/referrals/card-refer/generate and /process (docs/product.md#refer, #referrals).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, type NewCard } from "../../db/factories";
import { creditCards, referrals } from "../../db/schema";
import { CARD_MESSAGES } from "~/modules/cards/schemas";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { createSignedInUser, fetchPath, postJson, testDb } from "./helpers";

const API = "/api/referrals/card-refer";

async function insertCard(overrides: Partial<NewCard> = {}) {
  const card = makeCard({ issuer: `Flow Bank ${crypto.randomUUID().slice(0, 8)}`, ...overrides });
  await testDb().insert(creditCards).values(card);
  return card;
}

const link = () => `https://refer.example/flow-${crypto.randomUUID()}`;

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetchPath(path, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
}

const stepOf = (html: string) => /Step (?:<!-- -->)?(\d)(?:<!-- -->)? of 3/.exec(html)?.[1];

/** The preview's draft field, as the browser would send it back. */
function draftIn(html: string) {
  const value = /name="draft" value="([^"]*)"/.exec(html)?.[1] ?? "";
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const url = (step: string, issuer: string) => `/refer?${new URLSearchParams({ step, issuer })}`;

describe("/refer's steps in the URL", () => {
  it("reads and sends step 1 the issuers only, and the form the cards of the URL's issuer only (issue 34)", async () => {
    const { cookie } = await createSignedInUser();
    const first = await insertCard({ name: `First ${crypto.randomUUID()}` });
    const second = await insertCard({ name: `Second ${crypto.randomUUID()}` });
    const get = async (path: string) => (await fetchPath(path, { headers: { Cookie: cookie } })).text();

    // The page's HTML and its loader data (the stream in the same document) name no card on step 1.
    const issuers = await get("/refer");
    expect(issuers).toContain(`value="${first.issuer}"`);
    expect(issuers).toContain(`value="${second.issuer}"`);
    expect(issuers).not.toContain(first.name);
    expect(issuers).not.toContain(second.name);
    const details = await get(url("details", first.issuer));
    expect(details).toContain(first.name);
    expect(details).not.toContain(second.name);
  });

  it("goes issuer, details, preview, edit, create as plain GETs and form posts", async () => {
    const { user, cookie } = await createSignedInUser();
    const card = await insertCard({ maxReferCount: 3 });
    const get = async (path: string) => (await fetchPath(path, { headers: { Cookie: cookie } })).text();

    expect(stepOf(await get("/refer"))).toBe("1");
    const details = await get(url("details", card.issuer));
    expect(stepOf(details)).toBe("2");
    expect(details).toContain(`action="${url("preview", card.issuer).replace(/&/g, "&amp;")}"`);
    expect(details).toContain(card.name);
    // An issuer the member has no card of, or an unknown step, is step 1; a preview nothing was posted to, step 2.
    expect(stepOf(await get(url("details", "No Such Bank")))).toBe("1");
    expect(stepOf(await get("/refer?step=somewhere"))).toBe("1");
    expect(stepOf(await get(url("preview", card.issuer)))).toBe("2");

    const referralLink = link();
    const preview = await post(url("preview", card.issuer), cookie, {
      intent: "preview",
      creditCardId: card.id,
      referralLink,
      availableReferCount: "10",
      sharingBenefitPortion: "custom",
      sharingCustom: "15",
      "specialReferrerBonus.amount": "80",
      "specialReferrerBonus.unit": "USD",
      // The share as money (ADR 185): no amount typed, so 15% of $80; the method from the list.
      shareMethod: "zelle",
      shareDeadlineDays: "7",
      showCredit: "no",
    });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(stepOf(previewHtml)).toBe("3");
    expect(previewHtml).toContain("15% of the bonus");
    expect(previewHtml).toContain("$12 by Zelle within 7 days of the bonus posting");
    const draft = draftIn(previewHtml);
    expect(JSON.parse(draft)).toMatchObject({
      creditCardId: card.id,
      availableReferCount: 3,
      sharingBenefitPortion: 15,
    });

    const edit = await post(url("details", card.issuer), cookie, { intent: "edit", draft });
    const editHtml = await edit.text();
    expect(stepOf(editHtml)).toBe("2");
    expect(editHtml).toContain(`value="${referralLink}"`);
    // The Custom radio is checked (whatever the order of its attributes).
    expect(editHtml).toMatch(/<input(?=[^>]*value="custom")(?=[^>]*checked="")[^>]*>/);
    expect(editHtml).toContain('value="15"');

    const created = await post(url("details", card.issuer), cookie, { intent: "create", draft });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/refer");
    const rows = await testDb().select().from(referrals).where(eq(referrals.referrerId, user.id)).all();
    expect(rows).toMatchObject([
      {
        creditCardId: card.id,
        availableReferCount: 3,
        sharingBenefitPortion: 15,
        shareAmountCents: 1200,
        shareMethod: "zelle",
        shareDeadlineDays: 7,
        shareTermsSetAt: expect.any(Date),
      },
    ]);
  });

  it("without JavaScript, a custom share over 100% stays at step 2 with its reason (not shown as 100%)", async () => {
    const { cookie } = await createSignedInUser();
    const card = await insertCard();
    const preview = await post(url("preview", card.issuer), cookie, {
      intent: "preview",
      creditCardId: card.id,
      referralLink: link(),
      sharingBenefitPortion: "custom",
      sharingCustom: "140",
      "specialReferrerBonus.amount": "80",
      "specialReferrerBonus.unit": "USD",
    });
    expect(preview.status).toBe(400);
    const html = await preview.text();
    expect(stepOf(html)).toBe("2");
    expect(html).toContain("Enter a percentage from 0 to 100");
    expect(html).not.toContain("100% of the bonus");
  });

  it("checks Confirm & Create's draft again: a changed one is refused at step 2 with the reason, and nothing is written", async () => {
    const { user, cookie } = await createSignedInUser();
    const various = await insertCard({ hasVariousReferrerBonus: true });
    const draft = JSON.stringify({ creditCardId: various.id, referralLink: link(), sharingBenefitPortion: 0 });
    const refused = await post(url("details", various.issuer), cookie, { intent: "create", draft });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(stepOf(html)).toBe("2");
    expect(html).toContain(REFERRAL_MESSAGES.referrerBonusRequired);
    const broken = await post("/refer", cookie, { intent: "create", draft: "{not json" });
    expect(broken.status).toBe(400);
    expect(await testDb().select().from(referrals).where(eq(referrals.referrerId, user.id)).all()).toEqual([]);
  });
});

describe("the card's rules, inside the schema, on every door", () => {
  /** What each door answers for one referral body: the page (a form post) and the two API routes. */
  async function everyDoor(body: Record<string, unknown>, form: Record<string, string>, issuer: string) {
    const { cookie, token } = await createSignedInUser();
    const page = await post(url("preview", issuer), cookie, { intent: "preview", ...form });
    const headers = { Authorization: `Bearer ${token}` };
    const generate = await postJson(`${API}/generate`, body, headers);
    const process = await postJson(`${API}/process`, body, headers);
    return {
      statuses: [page.status, generate.response.status, process.response.status],
      html: await page.text(),
      errors: [generate.body.errors, process.body.errors] as Record<string, string>[],
    };
  }

  /** A referral for `card` with nothing else set is refused with `message` at `field` by every door. */
  async function expectRefusedEverywhere(card: NewCard, field: string, message: string) {
    const referralLink = link();
    const doors = await everyDoor(
      { creditCardId: card.id, referralLink },
      { creditCardId: card.id, referralLink, sharingBenefitPortion: "0" },
      card.issuer,
    );
    expect(doors.statuses).toEqual([400, 400, 400]);
    expect(doors.html).toContain(message);
    for (const errors of doors.errors) expect(errors[field]).toBe(message);
  }

  it("a card whose referrer bonus varies needs the special referral bonus", async () => {
    const various = await insertCard({ hasVariousReferrerBonus: true });
    await expectRefusedEverywhere(various, "specialReferrerBonus.amount", REFERRAL_MESSAGES.referrerBonusRequired);
  });

  it("a card the member may not use (inactive, or another member's own card) is 'Please choose a card'", async () => {
    const { user: other } = await createSignedInUser();
    const inactive = await insertCard({ active: false });
    const othersOwn = await insertCard({ isUserAdded: true, createdById: other.id });
    for (const card of [inactive, othersOwn]) {
      await expectRefusedEverywhere(card, "creditCardId", REFERRAL_MESSAGES.cardRequired);
    }
  });

  it("an 'Other (Not Listed)' card needs its name and a description; catalogue-only fields bring no rules", async () => {
    const referralLink = link();
    const missing = await everyDoor(
      { creditCardId: "other", referralLink },
      { creditCardId: "other", referralLink, sharingBenefitPortion: "0" },
      "other",
    );
    expect(missing.statuses).toEqual([400, 400, 400]);
    expect(missing.html).toContain(CARD_MESSAGES.nameRequired);
    expect(missing.html).toContain(REFERRAL_MESSAGES.newCardDescriptionRequired);
    for (const errors of missing.errors) {
      expect(errors["newCard.name"]).toBe(CARD_MESSAGES.nameRequired);
      expect(errors["newCard.description"]).toBe(REFERRAL_MESSAGES.newCardDescriptionRequired);
    }

    const newCard = { name: "Flow Union Card", issuer: "Flow Union", category: "Cashback", annualFee: 0 };
    const ownRules = await everyDoor(
      {
        creditCardId: "other",
        referralLink,
        newCard: { ...newCard, description: "Cash", hasVariousReferrerBonus: true },
      },
      {
        creditCardId: "other",
        referralLink,
        sharingBenefitPortion: "0",
        "newCard.name": newCard.name,
        "newCard.issuer": newCard.issuer,
        "newCard.category": newCard.category,
        "newCard.annualFee": "0",
        "newCard.description": "Cash",
        "newCard.hasVariousReferrerBonus": "on",
      },
      "other",
    );
    // The varying-bonus switch is the admin form's (docs/decisions/155): a member's card has no such rule.
    expect(ownRules.statuses).toEqual([200, 201, 200]);
    for (const errors of ownRules.errors) expect(errors?.["specialReferrerBonus.amount"]).toBeUndefined();
  });

  it("a card's cap is applied the same way by the preview page and POST .../process", async () => {
    const { cookie, token } = await createSignedInUser();
    const capped = await insertCard({ maxReferCount: 2 });
    const referralLink = link();
    const processed = await postJson(
      `${API}/process`,
      { creditCardId: capped.id, referralLink, availableReferCount: 9 },
      { Authorization: `Bearer ${token}` },
    );
    expect(processed.body.data).toMatchObject({ availableReferCount: 2, duplicateLink: false });
    const page = await post(url("preview", capped.issuer), cookie, {
      intent: "preview",
      creditCardId: capped.id,
      referralLink,
      sharingBenefitPortion: "0",
    });
    expect(JSON.parse(draftIn(await page.text()))).toMatchObject({ availableReferCount: 2 });
  });
});
