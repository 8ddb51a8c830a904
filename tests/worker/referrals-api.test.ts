import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeApplication, makeCard, makeReferral, type NewCard, type NewReferral } from "../../db/factories";
import { applications, creditCards, referrals, users } from "../../db/schema";
import { listAdminReferrals } from "~/modules/admin/activity.server";
import { APPLICATION_MESSAGES } from "~/modules/applications/status";
import { createReferral } from "~/modules/referrals/referrals.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { createRealtime } from "~/modules/realtime/realtime.server";
import { parseEnv } from "~/utils/env.server";
import { createSignedInUser, fetchPath, postJson, testDb } from "./helpers";

const BASE = "/api/referrals/card-refer";

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

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function getJson(path: string, token?: string) {
  const response = await fetchPath(path, { headers: token ? bearer(token) : {} });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

const validBody = (creditCardId: string, overrides: Record<string, unknown> = {}) => ({
  creditCardId,
  referralLink: `https://refer.example/${crypto.randomUUID()}`,
  referrerCredit: "7 2 0",
  sharingBenefitPortion: 0,
  additionalInfo: "Message me after you apply.",
  ...overrides,
});

describe("POST generate", () => {
  it("needs a session", async () => {
    const card = await insertCard();
    expect((await postJson(`${BASE}/generate`, validBody(card.id))).response.status).toBe(401);
  });

  it("creates a referral with a public code, digits-only credit and the card's cap as default", async () => {
    const { user, token } = await createSignedInUser();
    const card = await insertCard({ maxReferCount: 5 });
    const { response, body } = await postJson(`${BASE}/generate`, validBody(card.id), bearer(token));
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ success: true, message: REFERRAL_MESSAGES.created });
    const data = body.data as Record<string, unknown>;
    expect(data).toMatchObject({
      referrerCredit: 720,
      availableReferCount: 5,
      isActive: true,
      referrer: { _id: user.id },
      creditCard: { _id: card.id, name: card.name },
    });
    expect(data.code).toMatch(/^[0-9a-f]{14}$/);
  });

  it("caps the count at maxReferCount, refuses a share over 100%, and keeps empty as unlimited", async () => {
    const { token } = await createSignedInUser();
    const capped = await insertCard({ maxReferCount: 3 });
    const open = await insertCard({ maxReferCount: 0 });
    const body = (sharingBenefitPortion: number) =>
      validBody(capped.id, {
        availableReferCount: 10,
        sharingBenefitPortion,
        specialReferrerBonus: { amount: 200, unit: "USD" },
      });
    const over = await postJson(`${BASE}/generate`, body(150), bearer(token));
    expect(over.response.status).toBe(400);
    expect(over.body.errors).toEqual({ sharingBenefitPortion: "Enter a percentage from 0 to 100" });
    const first = await postJson(`${BASE}/generate`, body(100), bearer(token));
    expect(first.body.data).toMatchObject({ availableReferCount: 3, sharingBenefitPortion: 100 });
    const second = await postJson(`${BASE}/generate`, validBody(open.id, { availableReferCount: "" }), bearer(token));
    expect((second.body.data as Record<string, unknown>).availableReferCount).toBeNull();
  });

  it("applies the card's rules to an id sent with spaces around it (the id is trimmed before the lookup)", async () => {
    const { token } = await createSignedInUser();
    const capped = await insertCard({ maxReferCount: 3 });
    const various = await insertCard({ hasVariousReferrerBonus: true });
    const spaced = await postJson(
      `${BASE}/generate`,
      validBody(` ${capped.id} `, { availableReferCount: 10 }),
      bearer(token),
    );
    expect(spaced.body.data).toMatchObject({ availableReferCount: 3, creditCard: { _id: capped.id } });
    const missingBonus = await postJson(`${BASE}/generate`, validBody(` ${various.id}`), bearer(token));
    expect(missingBonus.response.status).toBe(400);
    expect(JSON.stringify(missingBonus.body)).toContain(REFERRAL_MESSAGES.referrerBonusRequired);
  });

  it("answers every validation rule of docs/product.md#referral-texts with its message", async () => {
    const { token } = await createSignedInUser();
    const various = await insertCard({ hasVariousReferrerBonus: true });
    const plain = await insertCard();
    const cases: [Record<string, unknown>, string, string][] = [
      [validBody(plain.id, { referralLink: "" }), "referralLink", REFERRAL_MESSAGES.linkRequired],
      [validBody(plain.id, { referralLink: "http://refer.example/x" }), "referralLink", REFERRAL_MESSAGES.linkHttps],
      [validBody(various.id), "specialReferrerBonus.amount", REFERRAL_MESSAGES.referrerBonusRequired],
      [
        validBody(plain.id, { sharingBenefitPortion: 20 }),
        "specialReferrerBonus.amount",
        REFERRAL_MESSAGES.referrerBonusRequired,
      ],
      [
        validBody(plain.id, { specialApplicantBonus: { isHigher: true, bonus: "" } }),
        "specialApplicantBonus.bonus",
        REFERRAL_MESSAGES.applicantBonusRequired,
      ],
      [validBody(plain.id, { availableReferCount: 0 }), "availableReferCount", REFERRAL_MESSAGES.countMin],
      [validBody(plain.id, { creditCardId: "" }), "creditCardId", REFERRAL_MESSAGES.cardRequired],
    ];
    for (const [body, field, message] of cases) {
      const result = await postJson(`${BASE}/generate`, body, bearer(token));
      expect(result.response.status, field).toBe(400);
      expect((result.body.errors as Record<string, string>)[field], field).toBe(message);
    }
  });

  it("refuses a referrer other than the caller (403)", async () => {
    const { token } = await createSignedInUser();
    const other = await createSignedInUser();
    const card = await insertCard();
    const result = await postJson(`${BASE}/generate`, validBody(card.id, { referrer: other.user.id }), bearer(token));
    expect(result.response.status).toBe(403);
  });

  it("refuses a second active referral for the same card and flags the same link under two accounts", async () => {
    const first = await createSignedInUser();
    const second = await createSignedInUser();
    const card = await insertCard();
    const link = `https://Refer.Example/shared-${crypto.randomUUID()}/?utm_source=x`;
    const created = await postJson(`${BASE}/generate`, validBody(card.id, { referralLink: link }), bearer(first.token));
    expect(created.response.status).toBe(201);
    const again = await postJson(`${BASE}/generate`, validBody(card.id), bearer(first.token));
    expect(again.response.status).toBe(409);
    expect(again.body.message).toBe(REFERRAL_MESSAGES.duplicateActive);

    const twin = await postJson(
      `${BASE}/generate`,
      validBody(card.id, {
        referralLink: link.replace("Refer.Example", "refer.example").replace("/?utm_source=x", ""),
      }),
      bearer(second.token),
    );
    expect(twin.response.status).toBe(201);
    const row = await testDb()
      .select({ duplicateOfId: referrals.duplicateOfId })
      .from(referrals)
      .where(eq(referrals.id, (twin.body.data as { _id: string })._id))
      .get();
    expect(row?.duplicateOfId).toBe((created.body.data as { _id: string })._id);
    // The earlier referral is flagged too, so admins find both sides of the pair.
    const original = await testDb()
      .select({ duplicateOfId: referrals.duplicateOfId })
      .from(referrals)
      .where(eq(referrals.id, (created.body.data as { _id: string })._id))
      .get();
    expect(original?.duplicateOfId).toBe((twin.body.data as { _id: string })._id);
    const flagged = await listAdminReferrals(
      { db: testDb(), actor: { id: "admin", isAdmin: true } },
      { link, duplicatesOnly: true },
    );
    expect(flagged.items.map((item) => item.id).sort()).toEqual(
      [(created.body.data as { _id: string })._id, (twin.body.data as { _id: string })._id].sort(),
    );
    expect(flagged.items.every((item) => item.duplicate)).toBe(true);
  });

  it("creates an 'Other (Not Listed)' card with the referral, and leaves no card when the referral fails", async () => {
    const { user, token } = await createSignedInUser();
    const name = `Other Card ${crypto.randomUUID()}`;
    const newCard = { name, issuer: "Credit Union", category: "Cashback", annualFee: 0, description: "Local CU card" };
    const missingFee = await postJson(
      `${BASE}/generate`,
      validBody("other", { newCard: { ...newCard, annualFee: "" } }),
      bearer(token),
    );
    expect((missingFee.body.errors as Record<string, string>)["newCard.annualFee"]).toBe("Annual fee is required");
    const created = await postJson(`${BASE}/generate`, validBody("other", { newCard }), bearer(token));
    expect(created.response.status).toBe(201);
    const card = await testDb().select().from(creditCards).where(eq(creditCards.name, name)).get();
    expect(card).toMatchObject({ isUserAdded: true, createdById: user.id, issuer: "Credit Union" });

    // A referral that cannot be written (unknown referrer: foreign key) takes its new card with it.
    const ctx = {
      env: parseEnv(env as never),
      db: testDb(),
      waitUntil: () => {},
      realtime: createRealtime(env),
      notifications: env.NOTIFICATIONS,
      actor: { id: "no-such-user", isAdmin: false },
    };
    const orphanName = `Orphan ${crypto.randomUUID()}`;
    await expect(
      createReferral(ctx, {
        ...validBody("other"),
        referrerCredit: null,
        newCard: {
          ...newCard,
          name: orphanName,
          category: "Cashback",
          hasVariousReferrerBonus: false,
          referralBonusAmount: 0,
          referralBonusUnit: "USD",
          benefitForReferrer: "",
          applyBenefitWithReferral: "",
          officialWebsite: undefined,
          imageUrl: undefined,
          active: true,
          maxReferCount: 0,
        },
        specialApplicantBonus: null,
        specialReferrerBonus: null,
        availableReferCount: null,
      } as never),
    ).rejects.toThrow();
    expect(await testDb().select().from(creditCards).where(eq(creditCards.name, orphanName)).get()).toBeUndefined();
  });
});

describe("POST process", () => {
  it("validates and previews without saving", async () => {
    const { user, token } = await createSignedInUser();
    const card = await insertCard();
    const result = await postJson(
      `${BASE}/process`,
      validBody(card.id, { referralLink: "https://Bank.Example/r/abc/?utm_medium=x" }),
      bearer(token),
    );
    expect(result.response.status).toBe(200);
    expect(result.body.data).toMatchObject({ normalizedLink: "https://bank.example/r/abc", duplicateLink: false });
    const saved = await testDb().select().from(referrals).where(eq(referrals.referrerId, user.id)).all();
    expect(saved).toHaveLength(0);
  });
});

describe("reading referrals", () => {
  it("GET id/{id} and code/{code} answer the referral with names masked per privacy; unknown is 404", async () => {
    const owner = await createSignedInUser({ firstName: "Emma", lastName: "Schultz", showFullName: false });
    const viewer = await createSignedInUser();
    const card = await insertCard();
    const referral = await insertReferral(owner.user.id, card.id, { referrerCredit: 760 });
    const byId = await getJson(`${BASE}/id/${referral.id}`, viewer.token);
    expect(byId.response.status).toBe(200);
    expect(byId.body.data).toMatchObject({ _id: referral.id, referrer: { name: "E*****z" }, isOwner: false });
    expect(JSON.stringify(byId.body)).not.toContain("Schultz");
    const code = (byId.body.data as { code: string }).code;
    const byCode = await getJson(`${BASE}/code/${code}`, viewer.token);
    expect(byCode.body.data).toMatchObject({ _id: referral.id });
    expect((await getJson(`${BASE}/id/nope`, viewer.token)).response.status).toBe(404);
    expect((await getJson(`${BASE}/code/nope`, viewer.token)).response.status).toBe(404);
    expect((await getJson(`${BASE}/id/${referral.id}`)).response.status).toBe(401);
  });

  it("GET {userId}: the owner sees inactive ones too, others only active, and nothing when hidden", async () => {
    const owner = await createSignedInUser();
    const viewer = await createSignedInUser();
    const [cardA, cardB] = [await insertCard(), await insertCard()];
    await insertReferral(owner.user.id, cardA.id);
    await insertReferral(owner.user.id, cardB.id, { isActive: false });
    expect(((await getJson(`${BASE}/${owner.user.id}`, owner.token)).body.data as unknown[]).length).toBe(2);
    expect(((await getJson(`${BASE}/${owner.user.id}`, viewer.token)).body.data as unknown[]).length).toBe(1);
    await testDb().update(users).set({ showReferrals: false }).where(eq(users.id, owner.user.id));
    const hidden = await getJson(`${BASE}/${owner.user.id}`, viewer.token);
    expect(hidden.response.status).toBe(403);
    expect(hidden.body.message).toBe("Private Content");
  });
});

describe("mark-inactive and reopen", () => {
  it("are the owner's only: 403 for others, 404 for unknown, 409 when reopening would duplicate", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const card = await insertCard();
    const referral = await insertReferral(owner.user.id, card.id);

    const denied = await postJson(`${BASE}/mark-inactive/${referral.id}`, {}, bearer(other.token));
    expect(denied.response.status).toBe(403);
    expect((await postJson(`${BASE}/mark-inactive/nope`, {}, bearer(owner.token))).response.status).toBe(404);

    const inactive = await postJson(`${BASE}/mark-inactive/${referral.id}`, {}, bearer(owner.token));
    expect(inactive.body).toMatchObject({ success: true, message: "Referral marked as inactive" });
    expect((await postJson(`${BASE}/reopen/${referral.id}`, {}, bearer(other.token))).response.status).toBe(403);

    await insertReferral(owner.user.id, card.id);
    const conflict = await postJson(`${BASE}/reopen/${referral.id}`, {}, bearer(owner.token));
    expect(conflict.response.status).toBe(409);

    const lone = await insertReferral(owner.user.id, (await insertCard()).id, { isActive: false });
    const reopened = await postJson(`${BASE}/reopen/${lone.id}`, {}, bearer(owner.token));
    expect(reopened.body).toMatchObject({ success: true, message: "Referral reopened", data: { isActive: true } });
  });
});

describe("POST /api/applications/card-apply", () => {
  async function setup(overrides: Partial<NewReferral> = {}) {
    const referrer = await createSignedInUser();
    const applicant = await createSignedInUser();
    const card = await insertCard();
    const referral = await insertReferral(referrer.user.id, card.id, overrides);
    return { referrer, applicant, card, referral };
  }
  const apply = (token: string, body: Record<string, unknown>) =>
    postJson("/api/applications/card-apply", body, bearer(token));

  it("creates the application, takes a slot and counts it; twice is refused", async () => {
    const { applicant, card, referral } = await setup({ availableReferCount: 3 });
    const body = { referralId: referral.id, cardId: card.id, userId: applicant.user.id };
    const first = await apply(applicant.token, body);
    expect(first.response.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: "pending", referral: { _id: referral.id } });
    const row = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(row).toMatchObject({ availableReferCount: 2, applicationsCount: 1 });
    const again = await apply(applicant.token, body);
    expect(again.response.status).toBe(409);
    expect(again.body.message).toBe(APPLICATION_MESSAGES.alreadyApplied);
    const after = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(after).toMatchObject({ availableReferCount: 2, applicationsCount: 1 });
  });

  it("refuses one's own referral, another user's id (403), an inactive referral, no slots and a wrong card", async () => {
    const { referrer, applicant, referral } = await setup();
    const own = await apply(referrer.token, { referralId: referral.id, userId: referrer.user.id });
    expect(own.response.status).toBe(403);
    expect(own.body.message).toBe("You cannot apply to your own referral");
    const impersonating = await apply(applicant.token, { referralId: referral.id, userId: referrer.user.id });
    expect(impersonating.response.status).toBe(403);
    expect((await apply(applicant.token, { referralId: referral.id, cardId: "other-card" })).response.status).toBe(400);
    expect((await apply(applicant.token, { referralId: "nope" })).response.status).toBe(404);

    const inactive = await setup({ isActive: false });
    const closed = await apply(inactive.applicant.token, { referralId: inactive.referral.id });
    expect(closed.response.status).toBe(409);
    expect(closed.body.message).toBe(APPLICATION_MESSAGES.inactive);

    const full = await setup({ availableReferCount: 0 });
    const none = await apply(full.applicant.token, { referralId: full.referral.id });
    expect(none.response.status).toBe(409);
    expect(none.body.message).toBe(APPLICATION_MESSAGES.noSlots);
  });

  it("gives the last slot to exactly one of two concurrent applicants", async () => {
    const { referral } = await setup({ availableReferCount: 1 });
    const [a, b] = [await createSignedInUser(), await createSignedInUser()];
    const results = await Promise.all([
      apply(a.token, { referralId: referral.id, userId: a.user.id }),
      apply(b.token, { referralId: referral.id, userId: b.user.id }),
    ]);
    expect(results.map((result) => result.response.status).sort()).toEqual([201, 409]);
    const rows = await testDb().select().from(applications).where(eq(applications.referralId, referral.id)).all();
    expect(rows).toHaveLength(1);
    const after = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(after).toMatchObject({ availableReferCount: 0, applicationsCount: 1 });
  });

  it("POST add-people applies the same rule", async () => {
    const { applicant, referrer, referral } = await setup();
    expect(
      (await postJson(`${BASE}/add-people`, { referralId: referral.id }, bearer(referrer.token))).response.status,
    ).toBe(403);
    const added = await postJson(`${BASE}/add-people`, { referralId: referral.id }, bearer(applicant.token));
    expect(added.response.status).toBe(201);
    const row = await testDb()
      .select()
      .from(applications)
      .where(and(eq(applications.referralId, referral.id), eq(applications.applicantId, applicant.user.id)))
      .get();
    expect(row?.status).toBe("pending");
  });
});

describe("GET active", () => {
  it("lists only listed referrals and applies the filters", async () => {
    const { token } = await createSignedInUser();
    const owner = await createSignedInUser();
    const gone = await createSignedInUser();
    const word = `zq${crypto.randomUUID().slice(0, 8)}`;
    const card = await insertCard({ annualFee: 0 });
    const inactiveCard = await insertCard();
    const listed = await insertReferral(owner.user.id, card.id, {
      additionalInfo: `${word} listed`,
      referrerCredit: 760,
      sharingBenefitPortion: 50,
    });
    await insertReferral(owner.user.id, (await insertCard()).id, { additionalInfo: `${word}`, isActive: false });
    await insertReferral(owner.user.id, (await insertCard()).id, { additionalInfo: `${word}`, availableReferCount: 0 });
    await insertReferral(owner.user.id, inactiveCard.id, { additionalInfo: `${word}` });
    await insertReferral(gone.user.id, card.id, { additionalInfo: `${word}` });
    await testDb().update(creditCards).set({ active: false }).where(eq(creditCards.id, inactiveCard.id));
    await testDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.user.id));

    const all = await getJson(`${BASE}/active?q=${word.toUpperCase()}`, token);
    expect(all.response.status).toBe(200);
    expect((all.body.data as { _id: string }[]).map((row) => row._id)).toEqual([listed.id]);
    for (const filter of ["minCredit=750", "minSharing=50", "maxFee=0"]) {
      const filtered = await getJson(`${BASE}/active?q=${word}&${filter}`, token);
      expect((filtered.body.data as unknown[]).length, filter).toBe(1);
    }
    for (const filter of ["minCredit=750&minSharing=50&maxFee=0&sort=fee_desc"]) {
      expect(((await getJson(`${BASE}/active?q=${word}&${filter}`, token)).body.data as unknown[]).length).toBe(1);
    }
    await testDb().update(referrals).set({ referrerCredit: 700 }).where(eq(referrals.id, listed.id));
    expect(((await getJson(`${BASE}/active?q=${word}&minCredit=750`, token)).body.data as unknown[]).length).toBe(0);
  });
});

describe("the spec's referral shape (peopleApplied, peopleSuccessful, successfulApplicants, referrerReferralsCount)", () => {
  async function applyAs(referral: NewReferral, overrides: Parameters<typeof createSignedInUser>[0], status: string) {
    const person = await createSignedInUser(overrides);
    await testDb()
      .insert(applications)
      .values(makeApplication(referral, person.user.id, { status: status as never }));
    return person;
  }

  it("lists the people as the viewer may see them, on every referral answer", async () => {
    const owner = await createSignedInUser();
    const card = await insertCard();
    const referral = await insertReferral(owner.user.id, card.id);
    await insertReferral(owner.user.id, (await insertCard()).id, { isActive: false });
    const shown = await applyAs(referral, { firstName: "Sam", lastName: "Shown" }, "successful");
    const hidden = await applyAs(referral, { showApplications: false }, "approved");
    const viewer = await applyAs(referral, { showApplications: false }, "pending");

    const asOwner = (await getJson(`${BASE}/id/${referral.id}`, owner.token)).body.data as Record<string, unknown>;
    expect((asOwner.peopleApplied as string[]).sort()).toEqual([shown.user.id, hidden.user.id, viewer.user.id].sort());
    expect((asOwner.peopleSuccessful as string[]).sort()).toEqual([shown.user.id, hidden.user.id].sort());
    expect(asOwner.successfulApplicants).toContainEqual({
      _id: shown.user.id,
      username: shown.user.username,
      name: "Sam Shown",
    });
    expect(asOwner.referrerReferralsCount).toBe(2);

    // Another member sees those who show their applications, and themselves.
    const asViewer = (await getJson(`${BASE}/id/${referral.id}`, viewer.token)).body.data as Record<string, unknown>;
    expect((asViewer.peopleApplied as string[]).sort()).toEqual([shown.user.id, viewer.user.id].sort());
    expect(asViewer).toMatchObject({
      peopleSuccessful: [shown.user.id],
      successfulApplicants: [{ _id: shown.user.id, name: "Sam Shown" }],
      referrerReferralsCount: 2,
    });
    const listed = (await getJson(`${BASE}/active?q=${encodeURIComponent(card.name)}`, viewer.token)).body
      .data as Record<string, unknown>[];
    expect(listed.find((row) => row._id === referral.id)).toMatchObject({ peopleSuccessful: [shown.user.id] });
    // The search reads the people in its own statement (issue 20): the same answer as withPeople's.
    const people = (row: Record<string, unknown>) => ({
      peopleApplied: (row.peopleApplied as string[]).sort(),
      peopleSuccessful: (row.peopleSuccessful as string[]).sort(),
      successfulApplicants: row.successfulApplicants,
      referrerReferralsCount: row.referrerReferralsCount,
    });
    for (const token of [viewer.token, owner.token]) {
      const one = (await getJson(`${BASE}/id/${referral.id}`, token)).body.data as Record<string, unknown>;
      const found = (await getJson(`${BASE}/active?q=${encodeURIComponent(card.name)}`, token)).body.data as Record<
        string,
        unknown
      >[];
      expect(people(found.find((row) => row._id === referral.id)!)).toEqual(people(one));
    }

    // The referrer's count follows their showReferrals switch (the owner always sees their own).
    await testDb().update(users).set({ showReferrals: false }).where(eq(users.id, owner.user.id));
    expect((await getJson(`${BASE}/id/${referral.id}`, viewer.token)).body.data).toMatchObject({
      referrerReferralsCount: null,
    });
    expect((await getJson(`${BASE}/id/${referral.id}`, owner.token)).body.data).toMatchObject({
      referrerReferralsCount: 2,
    });
  });

  it("answers a new referral with empty lists and the referrer's count", async () => {
    const { token } = await createSignedInUser();
    const card = await insertCard();
    const created = await postJson(`${BASE}/generate`, validBody(card.id), bearer(token));
    expect(created.body.data).toMatchObject({
      peopleApplied: [],
      peopleSuccessful: [],
      successfulApplicants: [],
      referrerReferralsCount: 1,
    });
  });
});
