import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral, uniqueSuffix } from "../../db/factories";
import { creditCards, referrals } from "../../db/schema";
import { CARD_MESSAGES } from "~/modules/cards/schemas";
import { ADMIN_ONLY_MESSAGE } from "~/http/auth.server";
import { api, createSignedInUser, createUser, testDb } from "./helpers";

type Body = { success: boolean; message?: string; errors?: Record<string, string>; code?: string } & Record<
  string,
  unknown
>;

function call(method: string, path: string, token: string | null, body?: unknown) {
  return api<Body>(method, path, token, body);
}

async function insertCards(...overrides: Parameters<typeof makeCard>[0][]) {
  const rows = overrides.map((override) => makeCard(override));
  await testDb().insert(creditCards).values(rows);
  return rows;
}

const admin = () => createSignedInUser({ isAdmin: true });
const member = () => createSignedInUser();
const fullCard = (issuer: string) => ({
  name: "Sky Miles Card",
  issuer,
  category: "Travel",
  annualFee: 95,
  hasVariousReferrerBonus: true,
  referralBonus: { amount: 20000, unit: "Miles" },
  benefitForReferrer: "20,000 miles per approved friend",
  applyBenefitWithReferral: "60,000 miles\nafter $3,000 in 3 months",
  description: "Line one\nLine two",
  officialWebsite: "https://bank.example/sky",
  imageUrl: "https://bank.example/sky.png",
  active: true,
  maxReferCount: 5,
});

describe("GET /api/credit-cards", () => {
  it("lists active cards to members and every card to admins, in the spec's JSON shape", async () => {
    const issuer = `Issuer ${uniqueSuffix()}`;
    const owner = await createUser();
    const [active, inactive, othersOwn] = await insertCards(
      { issuer, name: "A active", referralBonusAmount: 150, referralBonusUnit: "USD" },
      { issuer, name: "B inactive", active: false },
      { issuer, name: "C someone's own", isUserAdded: true, createdById: owner.id },
    );
    const reader = await member();
    const seen = await call("GET", `/api/credit-cards?issuer=${encodeURIComponent(issuer)}`, reader.token);
    expect(seen.status).toBe(200);
    expect(seen.body.success).toBe(true);
    expect((seen.body.data as { _id: string }[]).map((card) => card._id)).toEqual([active.id]);
    expect((seen.body.data as unknown[])[0]).toMatchObject({
      _id: active.id,
      name: "A active",
      issuer,
      referralBonus: { amount: 150, unit: "USD" },
      active: true,
      isUserAdded: false,
    });

    const all = await call("GET", `/api/credit-cards?issuer=${encodeURIComponent(issuer)}`, (await admin()).token);
    expect((all.body.data as { _id: string }[]).map((card) => card._id)).toEqual([
      active.id,
      inactive.id,
      othersOwn.id,
    ]);
  });

  it("pages with a keyset cursor", async () => {
    const issuer = `Paged ${uniqueSuffix()}`;
    await insertCards(...["a", "b", "c"].map((name) => ({ issuer, name })));
    const { token } = await member();
    const first = await call("GET", `/api/credit-cards?issuer=${encodeURIComponent(issuer)}&limit=2`, token);
    expect((first.body.data as { name: string }[]).map((card) => card.name)).toEqual(["a", "b"]);
    const next = await call(
      "GET",
      `/api/credit-cards?issuer=${encodeURIComponent(issuer)}&limit=2&cursor=${first.body.nextCursor}`,
      token,
    );
    expect((next.body.data as { name: string }[]).map((card) => card.name)).toEqual(["c"]);
    expect(next.body.nextCursor).toBeNull();
  });

  it("needs a signed-in user", async () => {
    expect((await call("GET", "/api/credit-cards", null)).status).toBe(401);
  });
});

describe("GET /api/credit-cards/by-issuer and /{id}", () => {
  it("maps an issuer to its readable cards", async () => {
    const issuer = `Grouped ${uniqueSuffix()}`;
    const [visible] = await insertCards({ issuer, name: "Visible" }, { issuer, name: "Hidden", active: false });
    const { token } = await member();
    const { status, body } = await call(
      "GET",
      `/api/credit-cards/by-issuer?issuer=${encodeURIComponent(issuer)}`,
      token,
    );
    expect(status).toBe(200);
    expect(Object.keys(body.data as object)).toEqual([issuer]);
    expect((body.data as Record<string, { _id: string }[]>)[issuer].map((card) => card._id)).toEqual([visible.id]);
  });

  it("groups issuers named like Object.prototype keys as plain keys", async () => {
    const suffix = uniqueSuffix();
    const issuers = ["constructor", "__proto__", "toString"];
    await insertCards(...issuers.map((issuer) => ({ issuer, name: `Proto ${suffix}` })));
    const { token } = await member();
    const all = await call("GET", "/api/credit-cards/by-issuer", token);
    expect(all.status).toBe(200);
    for (const issuer of issuers) {
      const grouped = Object.getOwnPropertyDescriptor(all.body.data, issuer)?.value as { name: string }[];
      expect(
        grouped.map((card) => card.name),
        issuer,
      ).toContain(`Proto ${suffix}`);
      const one = await call("GET", `/api/credit-cards/by-issuer?issuer=${issuer}`, token);
      expect(Object.keys(one.body.data as object), issuer).toEqual([issuer]);
    }
  });

  it("answers one card, 404 for an inactive one unless admin, 404 for an unknown id", async () => {
    const [active, inactive] = await insertCards({}, { active: false });
    const { token } = await member();
    expect((await call("GET", `/api/credit-cards/${active.id}`, token)).body.data).toMatchObject({ _id: active.id });
    const hidden = await call("GET", `/api/credit-cards/${inactive.id}`, token);
    expect(hidden).toMatchObject({ status: 404, body: { success: false, message: "Credit card not found" } });
    expect((await call("GET", `/api/credit-cards/${inactive.id}`, (await admin()).token)).status).toBe(200);
    expect((await call("GET", "/api/credit-cards/nope", token)).status).toBe(404);
  });
});

describe("POST /api/credit-cards/simple", () => {
  it("creates a user-added card, waiting for review: its creator's only and listed for admins", async () => {
    const issuer = `Small Bank ${uniqueSuffix()}`;
    const creator = await member();
    const created = await call("POST", "/api/credit-cards/simple", creator.token, {
      referrer: "ignored",
      name: "Local Rewards",
      issuer,
      category: "Rewards",
      annualFee: 0,
      referralBonus: 50,
      isUserAdded: false,
      active: false,
    });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    const row = await testDb().select().from(creditCards).where(eq(creditCards.id, id)).get();
    expect(row).toMatchObject({
      isUserAdded: true,
      // Inactive until an admin approves or merges it (docs/decisions/155).
      active: false,
      createdById: creator.user.id,
      referralBonusAmount: 50,
      referralBonusUnit: "USD",
    });
    expect((await call("GET", `/api/credit-cards/${id}`, creator.token)).status).toBe(200);
    expect((await call("GET", `/api/credit-cards/${id}`, (await member()).token)).status).toBe(404);
    const listed = await call("GET", `/api/credit-cards?issuer=${encodeURIComponent(issuer)}`, (await admin()).token);
    expect(listed.body.data).toMatchObject([{ _id: id, isUserAdded: true }]);
  });

  it("requires name, issuer, category and annual fee", async () => {
    const { token } = await member();
    const { status, body } = await call("POST", "/api/credit-cards/simple", token, {});
    expect(status).toBe(400);
    expect(body.errors).toMatchObject({
      name: CARD_MESSAGES.nameRequired,
      issuer: CARD_MESSAGES.issuerRequired,
      category: "Card category is required",
      annualFee: "Annual fee is required",
    });
    expect((await call("POST", "/api/credit-cards/simple", null, {})).status).toBe(401);
  });
});

describe("admin card writes", () => {
  it("creates a card from the full payload; a missing `active` means active", async () => {
    const issuer = `Admin Bank ${uniqueSuffix()}`;
    const { token } = await admin();
    const created = await call("POST", "/api/credit-cards", token, fullCard(issuer));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: "Credit card created successfully" });
    expect(created.body.data).toMatchObject({ ...fullCard(issuer), _id: created.body._id, isUserAdded: false });

    const { active: _active, ...withoutActive } = fullCard(issuer);
    const defaulted = await call("POST", "/api/credit-cards", token, { ...withoutActive, name: "Defaults" });
    expect(defaulted.body.data).toMatchObject({ active: true });
    const off = await call("POST", "/api/credit-cards", token, { ...withoutActive, name: "Off", active: false });
    expect(off.body.data).toMatchObject({ active: false });
  });

  it("reads a legacy numeric bonus as points on a Travel card and dollars otherwise", async () => {
    const { token } = await admin();
    const issuer = `Legacy ${uniqueSuffix()}`;
    const travel = await call("POST", "/api/credit-cards", token, {
      name: "T",
      issuer,
      category: "Travel",
      referralBonus: 10000,
    });
    expect(travel.body.data).toMatchObject({ referralBonus: { amount: 10000, unit: "Points" } });
    const cash = await call("POST", "/api/credit-cards", token, {
      name: "C",
      issuer,
      category: "Cashback",
      referralBonus: 100,
    });
    expect(cash.body.data).toMatchObject({ referralBonus: { amount: 100, unit: "USD" } });
  });

  it("answers each validation failure with the spec's message", async () => {
    const { token } = await admin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "   " }, "name", CARD_MESSAGES.nameRequired],
      [{ issuer: "" }, "issuer", CARD_MESSAGES.issuerRequired],
      [{ annualFee: -1 }, "annualFee", CARD_MESSAGES.feeNegative],
      [{ referralBonus: { amount: -5, unit: "USD" } }, "referralBonus.amount", CARD_MESSAGES.bonusNegative],
      [{ maxReferCount: -1 }, "maxReferCount", CARD_MESSAGES.maxReferNegative],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await call("POST", "/api/credit-cards", token, { ...fullCard("Bad"), ...change });
      expect(status, field).toBe(400);
      expect(body.errors?.[field], field).toBe(message);
    }
  });

  it("updates with PUT and answers 404 for an unknown card", async () => {
    const [card] = await insertCards({});
    const { token } = await admin();
    const issuer = `Updated ${uniqueSuffix()}`;
    const updated = await call("PUT", `/api/credit-cards/${card.id}`, token, { ...fullCard(issuer), active: false });
    expect(updated).toMatchObject({ status: 200, body: { message: "Credit card updated successfully" } });
    expect(updated.body.data).toMatchObject({ _id: card.id, issuer, active: false, maxReferCount: 5 });
    expect((await call("PUT", "/api/credit-cards/nope", token, fullCard(issuer))).status).toBe(404);
    expect((await call("PUT", `/api/credit-cards/${card.id}`, token, { name: "" })).status).toBe(400);
  });

  it("deletes an unused card, and refuses one with referrals so they are never orphaned", async () => {
    const [unused, used] = await insertCards({}, {});
    const referrer = await createUser();
    await testDb().insert(referrals).values(makeReferral(referrer.id, used.id));
    const { token } = await admin();

    expect(await call("DELETE", `/api/credit-cards/${unused.id}`, token)).toMatchObject({
      status: 200,
      body: { success: true, message: "Credit card deleted successfully" },
    });
    const refused = await call("DELETE", `/api/credit-cards/${used.id}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: "CARD_HAS_REFERRALS" });
    expect(refused.body.message).toContain("Mark it as inactive instead");
    expect(await testDb().select().from(creditCards).where(eq(creditCards.id, used.id)).get()).toBeDefined();
    expect((await call("DELETE", `/api/credit-cards/${unused.id}`, token)).status).toBe(404);
  });

  it("refuses every admin route to members (403) and visitors (401), changing nothing", async () => {
    const [card] = await insertCards({});
    const { token } = await member();
    const routes: [string, string, unknown?][] = [
      ["POST", "/api/credit-cards", fullCard("X")],
      ["PUT", `/api/credit-cards/${card.id}`, fullCard("X")],
      ["DELETE", `/api/credit-cards/${card.id}`],
    ];
    for (const [method, path, body] of routes) {
      const denied = await call(method, path, token, body);
      expect(denied, `${method} ${path}`).toMatchObject({ status: 403, body: { message: ADMIN_ONLY_MESSAGE } });
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await testDb().select().from(creditCards).where(eq(creditCards.id, card.id)).get()).toMatchObject({
      name: card.name,
      issuer: card.issuer,
    });
  });
});
