/**
 * Links that go where they say, members' cards waiting for review, and the scheduled link check
 * (docs/decisions/155-link-domains-and-review.md, docs/product.md#link-health).
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { auditLog, creditCards, issuerDomains, referrals } from "../../db/schema";
import { LINK_RULE_MESSAGES } from "~/modules/links/rules";
import { HOLD_NOTICES } from "~/modules/links/notices.server";
import { REPORT_THRESHOLD } from "~/modules/reports/reports.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import { FAKE_ISSUER_ORIGIN } from "../fixtures/fake-issuer";
import { connect, framesOf, waitFor } from "./socket-helpers";
import { api, createSignedInUser, fetchPath, testDb } from "./helpers";
import { runCron } from "./cron-helpers";

const BASE = "/api/referrals/card-refer";
const word = () => `lk${crypto.randomUUID().slice(0, 8)}`;

async function catalogueCard(issuer = `Link Bank ${word()}`, domains: string[] = ["linkbank.example"]) {
  const db = testDb();
  const card = makeCard({ issuer });
  await db.insert(creditCards).values(card);
  for (const domain of domains) await db.insert(issuerDomains).values({ issuer, domain }).onConflictDoNothing();
  return card;
}

const generate = (token: string, body: Record<string, unknown>) =>
  api("POST", `${BASE}/generate`, token, { sharingBenefitPortion: 0, ...body });

const rowOf = (id: string) => testDb().select().from(referrals).where(eq(referrals.id, id)).get();

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return fetchPath(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const auditOf = (targetId: string) => testDb().select().from(auditLog).where(eq(auditLog.targetId, targetId)).all();

describe("a referral link's shape", () => {
  it("refuses shorteners, IP addresses, credentials and ports with the field's message, on create and edit", async () => {
    const { token } = await createSignedInUser();
    const card = await catalogueCard();
    const cases: [string, string][] = [
      ["https://bit.ly/3abcd", LINK_RULE_MESSAGES.shortener],
      ["https://www.tinyurl.com/x1", LINK_RULE_MESSAGES.shortener],
      ["https://t.co/abc", LINK_RULE_MESSAGES.shortener],
      ["https://93.184.216.34/refer/x", LINK_RULE_MESSAGES["ip-address"]],
      ["https://0x5db8d822/refer", LINK_RULE_MESSAGES["ip-address"]],
      ["https://[2001:db8::1]/refer", LINK_RULE_MESSAGES["ip-address"]],
      ["https://me:secret@linkbank.example/r/1", LINK_RULE_MESSAGES.credentials],
      ["https://linkbank.example:8443/r/1", LINK_RULE_MESSAGES.port],
    ];
    for (const [referralLink, message] of cases) {
      const { status, body } = await generate(token, { creditCardId: card.id, referralLink });
      expect(status, referralLink).toBe(400);
      expect(body.errors.referralLink, referralLink).toBe(message);
    }
    expect(await testDb().select().from(referrals).where(eq(referrals.creditCardId, card.id)).all()).toEqual([]);

    const created = await generate(token, { creditCardId: card.id, referralLink: "https://linkbank.example/r/ok" });
    expect(created.status).toBe(201);
    const edit = await api("PUT", `${BASE}/${created.body.data._id}`, token, {
      creditCardId: card.id,
      referralLink: "https://bit.ly/other",
      sharingBenefitPortion: 0,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors.referralLink).toBe(LINK_RULE_MESSAGES.shortener);
    expect((await rowOf(created.body.data._id))?.referralLink).toBe("https://linkbank.example/r/ok");
  });
});

describe("a link on a host its issuer does not list", () => {
  it("goes live on a listed domain or a subdomain of one", async () => {
    const { token } = await createSignedInUser();
    const card = await catalogueCard();
    const { status, body } = await generate(token, {
      creditCardId: card.id,
      referralLink: "https://refer.linkbank.example/me",
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ isActive: true, review: null });
  });

  it("is saved but held for review: its owner sees why, nobody else sees it, and another for the card is refused", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const card = await catalogueCard();
    // A look-alike host is not a subdomain of the listed one.
    const link = `https://linkbank.example.evil.example/${word()}`;
    const { status, body } = await generate(owner.token, {
      creditCardId: card.id,
      referralLink: link,
      additionalInfo: "held-one",
    });
    expect(status).toBe(201);
    const id = body.data._id as string;
    expect(body.data).toMatchObject({ isActive: false, review: { reason: "unlisted-host", held: true } });
    expect(await rowOf(id)).toMatchObject({ isActive: false, linkReview: "unlisted-host" });

    expect((await api("GET", `${BASE}/id/${id}`, other.token)).status).toBe(404);
    const search = await api("GET", `${BASE}/active?q=held-one`, other.token);
    expect((search.body.data as { _id: string }[]).map((row) => row._id)).not.toContain(id);

    // Reopening does not lift it; a second referral for the card is refused while it waits.
    const reopen = await api("POST", `${BASE}/reopen/${id}`, owner.token);
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe(REFERRAL_MESSAGES.waitingReview);
    // Nor does marking it inactive answer as if it had retired it: it would still hold the card.
    const retire = await api("POST", `${BASE}/mark-inactive/${id}`, owner.token);
    expect(retire.status).toBe(409);
    expect(retire.body.message).toBe(REFERRAL_MESSAGES.waitingReview);
    expect(await rowOf(id)).toMatchObject({ isActive: false, linkReview: "unlisted-host" });
    const second = await generate(owner.token, { creditCardId: card.id, referralLink: "https://linkbank.example/r/2" });
    expect(second.status).toBe(409);

    // My Referrals says it.
    const page = await (await fetchPath("/dashboard/my-referrals", { headers: { Cookie: owner.cookie } })).text();
    expect(page).toContain("Waiting for review");
    expect(page).toContain("linkbank.example.evil.example is not one of");

    // Editing it to a listed link puts it live at once.
    const edit = await api("PUT", `${BASE}/${id}`, owner.token, {
      creditCardId: card.id,
      referralLink: "https://linkbank.example/r/fixed",
      sharingBenefitPortion: 0,
    });
    expect(edit.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ isActive: true, linkReview: null, reviewHeldAt: null });
    expect((await api("GET", `${BASE}/id/${id}`, other.token)).status).toBe(200);

    // And editing a live one to an unlisted host holds it again.
    await api("PUT", `${BASE}/${id}`, owner.token, {
      creditCardId: card.id,
      referralLink: "https://elsewhere.example/r/1",
      sharingBenefitPortion: 0,
    });
    expect(await rowOf(id)).toMatchObject({ isActive: false, linkReview: "unlisted-host" });
  });

  it("holds a redirector on a listed domain (a query or fragment carrying another host) on create and edit", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const card = await catalogueCard();
    const redirector = "https://www.linkbank.example/redirect?url=https%3A%2F%2Fevil.example%2Fphish";
    const { status, body } = await generate(owner.token, { creditCardId: card.id, referralLink: redirector });
    expect(status).toBe(201);
    const id = body.data._id as string;
    expect(body.data).toMatchObject({ isActive: false, review: { reason: "embedded-url", held: true } });
    expect(await rowOf(id)).toMatchObject({ isActive: false, linkReview: "embedded-url" });
    expect((await api("GET", `${BASE}/id/${id}`, other.token)).status).toBe(404);
    const page = await (await fetchPath("/dashboard/my-referrals", { headers: { Cookie: owner.cookie } })).text();
    expect(page).toContain("the link carries another site&#x27;s address");

    // An ordinary parameter goes live at once.
    const edit = (referralLink: string) =>
      api("PUT", `${BASE}/${id}`, owner.token, { creditCardId: card.id, referralLink, sharingBenefitPortion: 0 });
    expect((await edit("https://www.linkbank.example/r/me?ref=abc123&utm_source=x")).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ isActive: true, linkReview: null, reviewHeldAt: null });

    // Editing the live one to carry a bare host in its fragment holds it again.
    expect((await edit("https://www.linkbank.example/r/me#next=evil.example")).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ isActive: false, linkReview: "embedded-url" });
    expect((await api("GET", `${BASE}/id/${id}`, other.token)).status).toBe(404);
  });

  it("tells the referrer in-app through their notification room", async () => {
    const owner = await createSignedInUser();
    const card = await catalogueCard();
    const socket = await connect(`/parties/user-notifications/${owner.user.id}`, { Cookie: owner.cookie });
    await waitFor(() => framesOf(socket.frames, "welcome").length > 0);
    const { body } = await generate(owner.token, { creditCardId: card.id, referralLink: "https://nowhere.example/r" });
    const notice = await waitFor(() => framesOf(socket.frames, "notice")[0]);
    expect(notice).toMatchObject({ id: `referral-${body.data._id}`, href: "/dashboard/my-referrals" });
    expect(String(notice.text)).toContain("waits for an admin's review");
    socket.socket?.close();
  });

  it("a pause by reports tells the referrer in-app too", async () => {
    const owner = await createSignedInUser();
    const card = await catalogueCard();
    const { body } = await generate(owner.token, {
      creditCardId: card.id,
      referralLink: "https://linkbank.example/r/rep",
    });
    const socket = await connect(`/parties/user-notifications/${owner.user.id}`, { Cookie: owner.cookie });
    await waitFor(() => framesOf(socket.frames, "welcome").length > 0);
    for (let i = 0; i < REPORT_THRESHOLD; i += 1) {
      const member = await createSignedInUser();
      await api("POST", "/api/reports", member.token, {
        targetType: "referral",
        targetId: body.data._id,
        reason: "link-broken",
      });
    }
    const notice = await waitFor(() => framesOf(socket.frames, "notice")[0]);
    expect(notice).toMatchObject({ id: `referral-${body.data._id}`, text: HOLD_NOTICES.reports });
    socket.socket?.close();
  });

  it("an admin approves it (optionally listing the host) or rejects it, each audited", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const card = await catalogueCard();
    const held = async () => {
      const { token } = await createSignedInUser();
      const { body } = await generate(token, {
        creditCardId: card.id,
        referralLink: `https://www.newhost.example/${word()}`,
      });
      return body.data._id as string;
    };

    const queue = await (await fetchPath("/admin/review", { headers: { Cookie: admin.cookie } })).text();
    expect(queue).toContain("Links waiting for review");

    const approved = await held();
    const approve = await postForm("/admin/review", admin.cookie, {
      intent: "approve-link",
      id: approved,
      referralId: approved,
      listDomain: "on",
      reason: "Issuer's new referral site",
    });
    expect(approve.status).toBe(302);
    expect(await rowOf(approved)).toMatchObject({ isActive: true, linkReview: null, reviewHeldAt: null });
    const listed = await testDb()
      .select()
      .from(issuerDomains)
      .where(and(eq(issuerDomains.issuer, card.issuer), eq(issuerDomains.domain, "newhost.example")))
      .get();
    expect(listed).toBeTruthy();
    expect((await auditOf(approved)).map((row) => [row.action, row.reason])).toEqual([
      ["referral.link-approve", "Issuer's new referral site"],
    ]);
    expect((await auditOf(card.issuer)).map((row) => row.action)).toContain("issuer.domains");
    // The next link on that host goes live at once.
    const { token } = await createSignedInUser();
    const next = await generate(token, { creditCardId: card.id, referralLink: "https://newhost.example/r/next" });
    expect(next.body.data.isActive).toBe(true);

    const rejected = await held();
    // Listing is now done for newhost.example: use another host.
    await testDb()
      .update(referrals)
      .set({ isActive: false, linkReview: "unlisted-host", reviewHeldAt: new Date() })
      .where(eq(referrals.id, rejected));
    const reject = await postForm("/admin/review", admin.cookie, {
      intent: "reject-link",
      id: rejected,
      referralId: rejected,
      reason: "Not the issuer",
    });
    expect(reject.status).toBe(302);
    const row = await rowOf(rejected);
    expect(row).toMatchObject({ isActive: false, linkReview: null, reviewHeldAt: null });
    expect(row?.moderatedAt).toBeInstanceOf(Date);
    expect((await auditOf(rejected)).map((entry) => entry.action)).toEqual(["referral.link-reject"]);

    // Members cannot answer the queue.
    const member = await createSignedInUser();
    const refused = await postForm("/admin/review", member.cookie, { intent: "approve-link", referralId: rejected });
    expect(refused.status).toBe(403);
  });
});

describe("an issuer's link domains", () => {
  it("are edited by admins on the card screen, audited; a non-domain is refused in words", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const card = await catalogueCard(`Domain Bank ${word()}`, ["old.example"]);
    const path = `/admin/creditcards/edit/${card.id}`;
    const page = await (await fetchPath(path, { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain("Link domains for");
    expect(page).toContain("old.example");

    const bad = await postForm(path, admin.cookie, { intent: "domains", issuer: card.issuer, domains: "bit.ly" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("is not a domain (like chase.com)");

    const saved = await postForm(path, admin.cookie, {
      intent: "domains",
      issuer: card.issuer,
      domains: "https://www.NewBank.example/\nrefer.newbank-partner.example",
    });
    expect(saved.status).toBe(302);
    const rows = await testDb().select().from(issuerDomains).where(eq(issuerDomains.issuer, card.issuer)).all();
    expect(rows.map((row) => row.domain).sort()).toEqual(["newbank.example", "refer.newbank-partner.example"]);
    expect((await auditOf(card.issuer)).map((row) => [row.action, row.reason])).toEqual([
      ["issuer.domains", "newbank.example, refer.newbank-partner.example"],
    ]);

    const member = await createSignedInUser();
    const refused = await postForm(path, member.cookie, {
      intent: "domains",
      issuer: card.issuer,
      domains: "x.example",
    });
    expect(refused.status).toBe(403);
  });
});

describe("a card a member adds ('Other (Not Listed)')", () => {
  const newCard = (name: string) => ({
    name,
    issuer: "Chase",
    category: "Rewards",
    annualFee: 0,
    description: "A card I hold",
    // Catalogue-only: not stored from a member.
    imageUrl: "https://img.example/x.png",
    maxReferCount: 3,
  });

  it("is seen by its owner as waiting for review and by no one else until an admin approves it", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const admin = await createSignedInUser({ isAdmin: true });
    const name = `Member Card ${word()}`;
    const { status, body } = await generate(owner.token, {
      creditCardId: "other",
      newCard: newCard(name),
      referralLink: "https://www.referyourchasecard.com/me",
    });
    expect(status).toBe(201);
    const id = body.data._id as string;
    const cardId = body.data.creditCard._id as string;
    expect(body.data.review).toEqual({ reason: "new-card", held: true });
    const card = await testDb().select().from(creditCards).where(eq(creditCards.id, cardId)).get();
    expect(card).toMatchObject({ active: false, isUserAdded: true, imageUrl: null, maxReferCount: 0 });
    expect((await api("GET", `${BASE}/id/${id}`, other.token)).status).toBe(404);

    const approve = await postForm("/admin/review", admin.cookie, { intent: "approve-card", id: cardId, cardId });
    expect(approve.status).toBe(302);
    expect((await api("GET", `${BASE}/id/${id}`, other.token)).status).toBe(200);
    expect((await auditOf(cardId)).map((row) => row.action)).toEqual(["card.approve"]);
  });

  it("merged into a catalogue card moves its referrals there, in one batch, and is gone", async () => {
    const owner = await createSignedInUser();
    const admin = await createSignedInUser({ isAdmin: true });
    const target = await catalogueCard("Chase");
    const { body } = await generate(owner.token, {
      creditCardId: "other",
      newCard: newCard(`Dup Card ${word()}`),
      referralLink: "https://www.referyourchasecard.com/dup",
    });
    const id = body.data._id as string;
    const cardId = body.data.creditCard._id as string;

    const missing = await postForm("/admin/review", admin.cookie, {
      intent: "merge-card",
      id: cardId,
      cardId,
      intoCardId: cardId,
    });
    expect(missing.status).toBe(400);

    const merge = await postForm("/admin/review", admin.cookie, {
      intent: "merge-card",
      id: cardId,
      cardId,
      intoCardId: target.id,
      reason: "Same card",
    });
    expect(merge.status).toBe(302);
    expect(await rowOf(id)).toMatchObject({ creditCardId: target.id, cardActive: true, isActive: true });
    expect(await testDb().select().from(creditCards).where(eq(creditCards.id, cardId)).get()).toBeUndefined();
    expect((await auditOf(target.id)).map((row) => row.action)).toEqual(["card.merge"]);
  });
});

describe("the cron", () => {
  it("flags links published before the rules without changing them", async () => {
    const db = testDb();
    const owner = await createSignedInUser();
    const card = await catalogueCard();
    // Other files' fixture referrals are older than the rules too: this run takes ours.
    await db.update(referrals).set({ linkVettedAt: new Date() }).where(isNull(referrals.linkVettedAt));
    const old = (link: string, isActive = true) => ({
      ...makeReferral(owner.user.id, card.id, { referralLink: link, isActive }),
      linkVettedAt: null,
    });
    const rows = [
      old("https://linkbank.example/r/fine"),
      old("https://bit.ly/old"),
      old("https://unlisted.example/r/x"),
      old("https://unlisted.example/r/y", false),
    ];
    // makeReferral's cards differ per row only by link here: one active per card is the index.
    for (const [index, row] of rows.entries()) {
      const own = makeCard({ issuer: card.issuer });
      await db.insert(creditCards).values(own);
      rows[index] = { ...row, creditCardId: own.id };
      await db.insert(referrals).values(rows[index]);
    }
    await runCron();
    const after = await db
      .select({
        link: referrals.referralLink,
        review: referrals.linkReview,
        isActive: referrals.isActive,
        held: referrals.reviewHeldAt,
      })
      .from(referrals)
      .where(
        inArray(
          referrals.id,
          rows.map((row) => row.id),
        ),
      )
      .all();
    const byLink = Object.fromEntries(after.map((row) => [row.link, row]));
    expect(byLink["https://linkbank.example/r/fine"]).toMatchObject({ review: null, isActive: true });
    expect(byLink["https://bit.ly/old"]).toMatchObject({ review: "shortener", isActive: true, held: null });
    expect(byLink["https://unlisted.example/r/x"]).toMatchObject({
      review: "unlisted-host",
      isActive: true,
      held: null,
    });
    expect(byLink["https://unlisted.example/r/y"]).toMatchObject({ review: "unlisted-host", isActive: false });
  });

  it(
    "checks links against the issuer's site, records what it saw, and never hides a referral",
    { timeout: 30_000 },
    async () => {
      const db = testDb();
      const owner = await createSignedInUser();
      // Everything else has been checked: this run takes ours.
      await db.update(referrals).set({ linkCheckedAt: new Date() });
      const paths = ["ok", "moved", "gone", "no-head", "slow"];
      const ids: Record<string, string> = {};
      for (const path of paths) {
        const card = makeCard();
        const referral = makeReferral(owner.user.id, card.id, {
          referralLink: `${FAKE_ISSUER_ORIGIN}/${path}/${word()}`,
        });
        ids[path] = referral.id;
        await db.batch([
          db.insert(creditCards).values(card),
          db.insert(referrals).values({ ...referral, linkVettedAt: new Date() }),
        ]);
      }
      await runCron();
      const seen = async (path: string) => rowOf(ids[path]!);
      expect(await seen("ok")).toMatchObject({
        linkCheckStatus: 200,
        linkCheckHost: "refer.fakeissuer.test",
        isActive: true,
      });
      // A redirect is recorded, not followed.
      expect(await seen("moved")).toMatchObject({
        linkCheckStatus: 302,
        linkCheckHost: "www.fakeissuer.test",
        isActive: true,
      });
      // A dead link is recorded and stays live: people decide (reports, admins).
      expect(await seen("gone")).toMatchObject({ linkCheckStatus: 404, isActive: true });
      expect(await seen("no-head")).toMatchObject({ linkCheckStatus: 200 });
      expect(await seen("slow")).toMatchObject({ linkCheckStatus: 0, linkCheckHost: null, isActive: true });
      expect((await seen("slow"))?.linkCheckedAt).toBeInstanceOf(Date);

      // The referrer sees it on My Referrals.
      const page = await (await fetchPath("/dashboard/my-referrals", { headers: { Cookie: owner.cookie } })).text();
      expect(page).toContain("error 404 from refer.fakeissuer.test");
      expect(page).toContain("redirect (302) to www.fakeissuer.test");
    },
  );
});
