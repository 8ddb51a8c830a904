import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { api, createSignedInUser, fetchPath, testDb } from "./helpers";

describe("profile pages", () => {
  it("never put a hidden email or full name in the HTML", async () => {
    const owner = await createSignedInUser({ firstName: "Hidden", lastName: "Person", showFullName: false });
    const viewer = await createSignedInUser();
    const html = await (await fetchPath(`/profile/${owner.user.id}`, { headers: { Cookie: viewer.cookie } })).text();
    expect(html).toContain("H****n");
    expect(html).not.toContain("Person");
    expect(html).not.toContain(owner.user.email);
    expect(html).not.toContain("Edit Profile");

    const own = await (await fetchPath(`/profile/${owner.user.id}`, { headers: { Cookie: owner.cookie } })).text();
    expect(own).toContain("Hidden Person");
    expect(own).toContain("Edit Profile");
  });

  it("keeps the referral counts out of the page data while showReferrals is off", async () => {
    const owner = await createSignedInUser({ showReferrals: false });
    const viewer = await createSignedInUser();
    const dataOf = async () =>
      (await fetchPath(`/profile/${owner.user.id}.data`, { headers: { Cookie: viewer.cookie } })).text();
    expect(await dataOf()).not.toContain('"successful"');
    await api("PUT", "/api/users/privacy-settings", owner.token, { showReferrals: true });
    expect(await dataOf()).toContain('"successful"');
  });

  it("answers 400 to a privacy form post with an invalid value, and changes nothing", async () => {
    const owner = await createSignedInUser({ showEmail: false });
    const response = await fetchPath("/dashboard/personal-info", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "privacy", showEmail: "yes" }),
    });
    expect(response.status).toBe(400);
    // The page says so in the spec's words (docs/product.md#profile-texts), also without JavaScript.
    expect(await response.text()).toContain("Error updating privacy settings: ");
    const row = await testDb()
      .select({ showEmail: users.showEmail })
      .from(users)
      .where(eq(users.id, owner.user.id))
      .get();
    expect(row?.showEmail).toBe(false);
  });

  it("answers 404 with User Not Found for an unknown id", async () => {
    const response = await fetchPath("/profile/nobody-here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("User Not Found");
  });

  it("keeps Personal Info behind sign-in and shows the owner's own details", async () => {
    expect((await fetchPath("/dashboard/personal-info")).headers.get("Location")).toBe(
      "/auth?redirectTo=%2Fdashboard%2Fpersonal-info",
    );
    const { user, cookie } = await createSignedInUser({ authProvider: "google" });
    const html = await (await fetchPath("/dashboard/personal-info", { headers: { Cookie: cookie } })).text();
    expect(html).toContain(user.email);
    expect(html).toContain("There is no Cardshare password to change.");
    expect((await fetchPath("/dashboard", { headers: { Cookie: cookie } })).headers.get("Location")).toBe(
      "/dashboard/my-referrals",
    );
  });
});
