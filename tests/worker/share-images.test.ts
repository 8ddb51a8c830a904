/**
 * Share images (docs/decisions/201): /cards/{slug}/og.png and /r/{code}/og.png drawn by the image
 * Worker (og/, bundled as deployed and bound as `OG`), kept in the edge cache, dropped by the
 * writes that change their page, and the static default when the image Worker fails.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, referrals } from "../../db/schema";
import { EDGE_CACHE_HEADER } from "~/http/edge-cache.server";
import { DEFAULT_SHARE_IMAGE } from "~/http/share-image.server";
import { SHARE_IMAGE_SIZE } from "~/modules/public/share-image";
import { createSignedInUser, fetchWithEnv, testDb } from "./helpers";
import { codeOf } from "./market-helpers";

/** A PNG's width and height from its IHDR chunk, or null when the bytes are no PNG. */
function pngSize(bytes: ArrayBuffer) {
  const view = new DataView(bytes);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.byteLength < 24 || signature.some((byte, i) => view.getUint8(i) !== byte)) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A listed card with a welcome offer and one referral sharing $25 by a referrer with outcomes. */
async function cardWithReferral(referral: Partial<Parameters<typeof makeReferral>[2]> = {}) {
  const card = makeCard({
    issuer: "Image Bank",
    offerAmount: 60_000,
    offerUnit: "Points",
    offerMinSpend: 4000,
    offerMonths: 3,
  });
  await testDb().insert(creditCards).values(card);
  const owner = await createSignedInUser({
    firstName: "Ola",
    lastName: "Image",
    confirmedSuccesses: 3,
    sharesPromised: 2,
    sharesPaid: 2,
  });
  const row = makeReferral(owner.user.id, card.id, { sharingBenefitPortion: 25, shareAmountCents: 2500, ...referral });
  await testDb().insert(referrals).values(row);
  return { card, owner, referral: row, code: await codeOf(row.id) };
}

async function expectFreshImage(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  expect(response.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
  const bytes = await response.arrayBuffer();
  expect(pngSize(bytes)).toEqual(SHARE_IMAGE_SIZE);
  return bytes;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("share images", () => {
  it("draws a card page's image once, then serves it from the edge cache", async () => {
    const { card } = await cardWithReferral();
    const path = `/cards/${card.slug}/og.png`;
    const first = await expectFreshImage(await fetchWithEnv(path, {}));

    const second = await fetchWithEnv(path, {});
    expect(second.status).toBe(200);
    expect(second.headers.get("Content-Type")).toBe("image/png");
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(second.headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array(first));
  });

  it("draws a shared referral's image, the same for a member, and serves it from the cache", async () => {
    const { code } = await cardWithReferral();
    const path = `/r/${code}/og.png`;
    await expectFreshImage(await fetchWithEnv(path, {}));
    const member = await createSignedInUser();
    const again = await fetchWithEnv(path, {}, { headers: { Cookie: member.cookie } });
    expect(again.status).toBe(200);
    expect(again.headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    expect(pngSize(await again.arrayBuffer())).toEqual(SHARE_IMAGE_SIZE);
  });

  it("answers 404 for an unknown card or code and a member's own card, 410 for a closed referral", async () => {
    expect((await fetchWithEnv("/cards/no-such-card/og.png", {})).status).toBe(404);
    expect((await fetchWithEnv("/r/nosuchcode/og.png", {})).status).toBe(404);
    const own = makeCard({ isUserAdded: true });
    await testDb().insert(creditCards).values(own);
    expect((await fetchWithEnv(`/cards/${own.slug}/og.png`, {})).status).toBe(404);
    const { code } = await cardWithReferral({ isActive: false });
    const closed = await fetchWithEnv(`/r/${code}/og.png`, {});
    expect(closed.status).toBe(410);
    expect(closed.headers.get("Content-Type")).not.toBe("image/png");
  });

  it("answers the static default image when the image Worker fails, and keeps nothing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { card, code } = await cardWithReferral();
    const failing: Record<string, Fetcher> = {
      unreachable: { fetch: () => Promise.reject(new Error("connection refused")) } as unknown as Fetcher,
      failing: { fetch: async () => new Response("boom", { status: 500 }) } as unknown as Fetcher,
    };
    for (const [name, OG] of Object.entries(failing)) {
      for (const path of [`/cards/${card.slug}/og.png`, `/r/${code}/og.png`]) {
        const response = await fetchWithEnv(path, { OG });
        expect(response.status, `${name} ${path}`).toBe(302);
        expect(response.headers.get("Location")).toBe(DEFAULT_SHARE_IMAGE);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      }
    }
    // Reported as an unexpected error of the request (ADR 065).
    expect(errors.mock.calls.some(([line]) => String(line).includes("share-image"))).toBe(true);
    // Nothing was kept: with the image Worker back, the image is drawn.
    await expectFreshImage(await fetchWithEnv(`/cards/${card.slug}/og.png`, {}));
  });

  it("draws again after a write changes the page (the referral's new share drops both copies)", async () => {
    const { card, owner, referral, code } = await cardWithReferral();
    for (const path of [`/cards/${card.slug}/og.png`, `/r/${code}/og.png`]) {
      await fetchWithEnv(path, {});
      expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    }
    const edited = await fetchWithEnv(
      `/api/referrals/card-refer/${referral.id}`,
      {},
      {
        method: "PUT",
        headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          creditCardId: card.id,
          referralLink: referral.referralLink,
          sharingBenefitPortion: 0,
          additionalInfo: "Edited words",
        }),
      },
    );
    expect(edited.status).toBe(200);
    for (const path of [`/cards/${card.slug}/og.png`, `/r/${code}/og.png`]) {
      expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER), path).toBe("miss");
    }
  });

  it("the image Worker refuses a body that is not a share image", async () => {
    const bad = await env.OG.fetch("https://og.internal/", { method: "POST", body: JSON.stringify({ title: "x" }) });
    expect(bad.status).toBe(400);
    expect((await env.OG.fetch("https://og.internal/")).status).toBe(405);
  });
});
