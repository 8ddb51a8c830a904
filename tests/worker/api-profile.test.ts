import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, sessions, users } from "../../db/schema";
import { hashPassword } from "~/modules/auth/password.server";
import { createSession } from "~/modules/auth/session.server";
import { createSignedInUser, fetchPath, testDb } from "./helpers";
import { createMarket } from "./market-helpers";

function put(path: string, token: string | null, body: unknown) {
  return fetchPath(path, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function getProfile(id: string, token?: string) {
  const response = await fetchPath(`/api/users/profile/${id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { response, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe("profiles and privacy", () => {
  it("hides the email by default and masks a hidden full name, in JSON for everyone but the owner", async () => {
    const owner = await createSignedInUser({ firstName: "Emma", lastName: "Schultz", showFullName: false });
    const viewer = await createSignedInUser();

    const seen = await getProfile(owner.user.id, viewer.token);
    expect(seen.body.data).toMatchObject({
      firstName: "E**a",
      lastName: "S*****z",
      name: "E*****z",
      email: null,
      // The handle would give the masked name away (ADR 120).
      username: null,
    });
    expect(JSON.stringify(seen.body)).not.toContain("Schultz");
    expect(JSON.stringify(seen.body)).not.toContain(owner.user.username);
    expect(JSON.stringify(seen.body)).not.toContain(owner.user.email);

    const own = await getProfile(owner.user.id, owner.token);
    expect(own.body.data).toMatchObject({
      name: "Emma Schultz",
      username: owner.user.username,
      email: owner.user.email,
      isOwner: true,
    });

    const anonymous = await getProfile(owner.user.id);
    expect(anonymous.response.status).toBe(200);
    expect(anonymous.body.data.email).toBeNull();
  });

  it("shows the email once the owner switches it on, and reports private tabs", async () => {
    const owner = await createSignedInUser();
    const response = await put("/api/users/privacy-settings", owner.token, {
      showFullName: true,
      showEmail: true,
      showReferrals: false,
      showApplications: true,
    });
    expect(await response.json()).toMatchObject({ success: true, message: "Privacy settings updated" });
    const member = await createSignedInUser();
    const seen = await getProfile(owner.user.id, member.token);
    expect(seen.body.data).toMatchObject({
      email: owner.user.email,
      referralsVisible: false,
      applicationsVisible: true,
    });
  });

  it("never shows applications to visitors, on the profile or its API (ADR 120)", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    expect((await getProfile(owner.user.id)).body.data.applicationsVisible).toBe(false);
    expect((await getProfile(owner.user.id, member.token)).body.data.applicationsVisible).toBe(true);
    // The API's list is for members only (401), as the domain refuses visitors (403) anyway.
    expect((await fetchPath(`/api/applications/user/${owner.user.id}`)).status).toBe(401);
    const page = await (await fetchPath(`/profile/${owner.user.id}?tab=applications`)).text();
    expect(page).toContain("Sign in to see this member&#x27;s applications.");
  });

  it("lists the reviews a member received as a referrer, private with their referrals", async () => {
    const { referrer, applicant, referral, application } = await createMarket();
    await testDb()
      .insert(comments)
      .values({
        id: `rv${Date.now()}`,
        referralId: referral.id,
        applicationId: application.id,
        authorId: applicant.user.id,
        commentType: "applicantToReferrer",
        comment: "Quick and clear referral",
        rating: 5,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    const reviews = await fetchPath(`/api/users/profile/${referrer.user.id}/reviews`);
    expect(reviews.status).toBe(200);
    const body = (await reviews.json()) as { data: { comment: string }[] };
    expect(body.data.map((review) => review.comment)).toEqual(["Quick and clear referral"]);
    const older = await fetchPath(
      `/api/users/profile/${referrer.user.id}/reviews?before=${encodeURIComponent("2000-01-01T00:00:00.000Z")}`,
    );
    expect(((await older.json()) as { data: unknown[] }).data).toEqual([]);
    const tab = await (await fetchPath(`/profile/${referrer.user.id}?tab=reviews`)).text();
    expect(tab).toContain("Quick and clear referral");
    await testDb().update(users).set({ showReferrals: false }).where(eq(users.id, referrer.user.id));
    expect((await fetchPath(`/api/users/profile/${referrer.user.id}/reviews`)).status).toBe(403);
  });

  it("answers 404 for an unknown user and 401 for settings without a session", async () => {
    expect((await getProfile("no-such-user")).response.status).toBe(404);
    expect((await put("/api/users/privacy-settings", null, {})).status).toBe(401);
    expect((await put("/api/users/profile", null, {})).status).toBe(401);
  });

  it("updates only the fields a user may set", async () => {
    const owner = await createSignedInUser();
    const response = await put("/api/users/profile", owner.token, {
      username: `${owner.user.username}x`,
      firstName: "New",
      lastName: "Name",
      email: owner.user.email,
      bio: "Hello <b>there</b>",
      isAdmin: true,
      authProvider: "google",
      emailVerifiedAt: null,
    });
    expect(response.status).toBe(200);
    const row = await testDb().select().from(users).where(eq(users.id, owner.user.id)).get();
    expect(row).toMatchObject({ firstName: "New", bio: "Hello <b>there</b>", isAdmin: false, authProvider: "local" });
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it("refuses a username someone else has, in any case", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const response = await put("/api/users/profile", owner.token, {
      username: other.user.username.toUpperCase(),
      email: owner.user.email,
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.username).toBeDefined();
  });

  it("stores the email-notification choice", async () => {
    const owner = await createSignedInUser();
    await put("/api/users/notification-settings", owner.token, { emailNotifications: false });
    expect((await testDb().select().from(users).where(eq(users.id, owner.user.id)).get())?.emailNotifications).toBe(
      false,
    );
  });
});

describe("PUT /api/users/change-password", () => {
  it("checks the current password, keeps this session and ends the others", async () => {
    const owner = await createSignedInUser({ passwordHash: await hashPassword("old-passw0rd") });
    const other = await createSession(testDb(), owner.user.id, { remember: true });

    const wrong = await put("/api/users/change-password", owner.token, {
      currentPassword: "nope-1234",
      newPassword: "new-passw0rd",
      confirmPassword: "new-passw0rd",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: { currentPassword: "Current password is incorrect" } });

    const weak = await put("/api/users/change-password", owner.token, {
      currentPassword: "old-passw0rd",
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(((await weak.json()) as { errors: Record<string, string> }).errors.newPassword).toBe(
      "Password must be at least 8 characters",
    );

    const ok = await put("/api/users/change-password", owner.token, {
      currentPassword: "old-passw0rd",
      newPassword: "new-passw0rd",
      confirmPassword: "new-passw0rd",
    });
    expect(await ok.json()).toMatchObject({ success: true, message: "Password updated successfully" });
    const remaining = await testDb().select().from(sessions).where(eq(sessions.userId, owner.user.id));
    expect(remaining).toHaveLength(1);
    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${owner.token}` } })).status).toBe(
      200,
    );
    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(
      401,
    );
  });

  it("is refused for accounts without a local password", async () => {
    const owner = await createSignedInUser({ authProvider: "google" });
    const response = await put("/api/users/change-password", owner.token, {
      currentPassword: "anything1",
      newPassword: "new-passw0rd",
      confirmPassword: "new-passw0rd",
    });
    expect(response.status).toBe(403);
  });
});

describe("changing the email", () => {
  it("voids reset links sent to the old address, so they cannot take over the account", async () => {
    const { registerAndLogin } = await import("./account-helpers");
    const { account, token, link } = await registerAndLogin();
    const newEmail = `moved-${account.email}`;
    const response = await put("/api/users/profile", token, {
      username: account.username,
      email: newEmail,
      currentPassword: account.password,
    });
    expect(response.status).toBe(200);
    const { postJson } = await import("./helpers");
    const reset = await postJson("/api/users/reset-password", {
      token: link,
      password: "takeover-pass1",
      confirmPassword: "takeover-pass1",
    });
    expect(reset.response.status).toBe(400);
    // Until the new address is confirmed, the old one stays the account's.
    const row = await testDb().select().from(users).where(eq(users.email, account.email)).get();
    expect(row).toMatchObject({ pendingEmail: newEmail });
    expect(row?.emailVerifiedAt).not.toBeNull();
  });
});
