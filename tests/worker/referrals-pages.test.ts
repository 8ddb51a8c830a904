import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, referrals } from "../../db/schema";
import { createSignedInUser, fetchPath, testDb } from "./helpers";

async function seedReferral(referrerId: string, overrides: Parameters<typeof makeReferral>[2] = {}) {
  const card = makeCard({ name: `Page Card ${crypto.randomUUID().slice(0, 8)}` });
  await testDb().insert(creditCards).values(card);
  const referral = makeReferral(referrerId, card.id, overrides);
  await testDb().insert(referrals).values(referral);
  return { card, referral };
}

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return fetchPath(path, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
}

describe("referral pages", () => {
  it("/apply lists referrals for a signed-in member, keeps the rotation slot in a cookie, and asks visitors to sign in", async () => {
    const owner = await createSignedInUser();
    const viewer = await createSignedInUser();
    const { card } = await seedReferral(owner.user.id, { additionalInfo: "pagecheckword" });
    const page = await fetchPath("/apply?q=pagecheckword", { headers: { Cookie: viewer.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Set-Cookie")).toMatch(/cs_rotation=\d; Max-Age=600/);
    const html = await page.text();
    expect(html).toContain(card.name);
    expect(html).toContain("mailto:");
    const empty = await fetchPath("/apply?q=nothingmatchesthisword", { headers: { Cookie: viewer.cookie } });
    expect(await empty.text()).toContain("No referrals found matching your filters.");
    expect((await fetchPath("/apply")).status).toBe(302);
  });

  it("/apply/{id} shows 'Referral Not Found' for an unknown id and 'You are the referrer' to the owner", async () => {
    const owner = await createSignedInUser();
    const { referral } = await seedReferral(owner.user.id);
    const missing = await fetchPath("/apply/nope", { headers: { Cookie: owner.cookie } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Browse All Referrals");
    const own = await (await fetchPath(`/apply/${referral.id}`, { headers: { Cookie: owner.cookie } })).text();
    expect(own).toContain("You are the referrer");
    expect(own).not.toContain("Apply with this Referral");
  });

  it("the dialog's Yes (a plain form post) applies and goes to step 2; a second time says why not", async () => {
    const owner = await createSignedInUser();
    const applicant = await createSignedInUser();
    const { referral } = await seedReferral(owner.user.id, { availableReferCount: 2 });
    const yes = await postForm(`/apply/${referral.id}?step=1`, applicant.cookie, {});
    expect(yes.status).toBe(302);
    // The step is scrolled to without JavaScript (issue 19): it renders below the reviews.
    expect(yes.headers.get("Location")).toBe(`/apply/${referral.id}?step=2#apply-step`);
    const step2 = await (
      await fetchPath(`/apply/${referral.id}?step=2`, { headers: { Cookie: applicant.cookie } })
    ).text();
    expect(step2).toContain('action="/comments"');
    const again = await postForm(`/apply/${referral.id}?step=1`, applicant.cookie, {});
    expect(again.status).toBe(409);
  });

  it("/refer validates with the spec's messages and refuses another member's Mark as Inactive", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const { referral } = await seedReferral(owner.user.id);
    const invalid = await postForm("/refer?issuer=other", other.cookie, {
      intent: "preview",
      creditCardId: "other",
      referralLink: "",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Please enter a referral link");

    // My Referrals' buttons post to /dashboard/my-referrals (from /refer too); a refusal is the
    // form's failure (403, shown beside the referral), no longer a redirect.
    const denied = await postForm("/dashboard/my-referrals", other.cookie, {
      intent: "mark-inactive",
      id: referral.id,
    });
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("Only the referrer can change this referral.");
    const row = await testDb().select().from(referrals).where(eq(referrals.id, referral.id)).get();
    expect(row?.isActive).toBe(true);
  });
});
