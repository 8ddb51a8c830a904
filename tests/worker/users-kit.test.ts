/**
 * The account and profile routes on the route kit: the spec's client shapes of /api/users (issue
 * 14), and the audit's bad requests on them answered 4xx in the envelope, never 500.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, referrals, users } from "../../db/schema";
import { hashPassword } from "~/modules/auth/password.server";
import { failingDb } from "./failing-db";
import {
  api,
  createSignedInUser,
  createUser,
  fetchPath,
  fetchWithEnv,
  latestEmailTo,
  newAccount,
  ORIGIN,
  postJson,
  testDb,
} from "./helpers";

const browser = { Origin: ORIGIN, Host: new URL(ORIGIN).host };

describe("GET /api/users/profile/{id}", () => {
  async function referrerWithReputation(overrides: Parameters<typeof createUser>[0] = {}) {
    const owner = await createSignedInUser({ rating: 4.5, reviewCount: 2, ...overrides });
    const card = makeCard();
    await testDb().insert(creditCards).values(card);
    await testDb()
      .insert(referrals)
      .values([
        makeReferral(owner.user.id, card.id, { successfulCount: 3 }),
        makeReferral(owner.user.id, card.id, { successfulCount: 1, isActive: false }),
      ]);
    return owner;
  }

  it("carries rating, referralsCount and successfulReferralsCount", async () => {
    const owner = await referrerWithReputation();
    const { status, body } = await api("GET", `/api/users/profile/${owner.user.id}`, null);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      _id: owner.user.id,
      rating: 4.5,
      reviewCount: 2,
      referralsCount: 2,
      successfulReferralsCount: 4,
      privacySettings: { showReferrals: true },
    });
  });

  it("leaves the referral counts out (null) when the owner hides their referrals, except for the owner", async () => {
    const owner = await referrerWithReputation({ showReferrals: false });
    const seen = await api("GET", `/api/users/profile/${owner.user.id}`, null);
    expect(seen.body.data).toMatchObject({ rating: 4.5, referralsCount: null, successfulReferralsCount: null });
    const own = await api("GET", `/api/users/profile/${owner.user.id}`, owner.token);
    expect(own.body.data).toMatchObject({ referralsCount: 2, successfulReferralsCount: 4 });
  });
});

describe("GET /api/users/me", () => {
  it("carries bio, privacySettings and createdAt", async () => {
    const me = await createSignedInUser({ bio: "Points collector", showEmail: true });
    const { status, body } = await api("GET", "/api/users/me", me.token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      _id: me.user.id,
      bio: "Points collector",
      privacySettings: { showFullName: true, showEmail: true, showReferrals: true, showApplications: true },
    });
    const row = await testDb().select({ createdAt: users.createdAt }).from(users).where(eq(users.id, me.user.id)).get();
    expect(body.data.createdAt).toBe(row!.createdAt.toISOString());
    expect(body.user).toEqual(body.data);
  });
});

describe("PUT /api/users/change-password", () => {
  it("takes { currentPassword, newPassword } as the spec's client sends it; a sent confirmation must match", async () => {
    const owner = await createSignedInUser({ passwordHash: await hashPassword("old-passw0rd") });
    const mismatch = await api("PUT", "/api/users/change-password", owner.token, {
      currentPassword: "old-passw0rd",
      newPassword: "new-passw0rd",
      confirmPassword: "other-passw0rd1",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ confirmPassword: "Passwords do not match" });

    const changed = await api("PUT", "/api/users/change-password", owner.token, {
      currentPassword: "old-passw0rd",
      newPassword: "new-passw0rd",
    });
    expect(changed).toMatchObject({ status: 200, body: { success: true, message: "Password updated successfully" } });
    const login = await postJson("/api/users/login", { email: owner.user.email, password: "new-passw0rd" });
    expect(login.response.status).toBe(200);
  });
});

describe("the verification page when verifying fails unexpectedly", () => {
  it("says the spec's 'An error occurred while verifying your email. Please try again later.', nothing internal", async () => {
    const account = newAccount();
    expect((await postJson("/api/users/register", account)).response.status).toBe(201);
    const token = new URL((await latestEmailTo(account.email))!.link!).searchParams.get("token")!;
    const response = await fetchWithEnv(
      "/auth/verify-email",
      { DB: failingDb(/auth_tokens/) },
      {
        method: "POST",
        headers: { ...browser, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      },
    );
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain("An error occurred while verifying your email. Please try again later.");
    expect(page).not.toContain("simulated_outage");
    const row = await testDb().select().from(users).where(eq(users.email, account.email)).get();
    expect(row?.emailVerifiedAt).toBeNull();
  });
});

describe("bad requests to the account routes (the audit's repros)", () => {
  it("answers a JSON body of null with a 400 in the envelope, not a 500", async () => {
    const member = await createSignedInUser();
    const cases: [string, string, string | null][] = [
      ["POST", "/api/users/register", null],
      ["POST", "/api/users/reset-password", null],
      ["PUT", "/api/users/change-password", member.token],
    ];
    for (const [method, path, token] of cases) {
      const response = await fetchPath(path, {
        method,
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: "null",
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: "The request body must be a JSON object." });
    }
  });

  it("answers POST /auth with JSON, plain text or broken multipart with 415/400, signing no one in", async () => {
    const user = await createUser({ passwordHash: await hashPassword("page-passw0rd") });
    const login = { intent: "login", email: user.email, password: "page-passw0rd" };
    const cases: [string, string, number][] = [
      ["application/json", JSON.stringify(login), 415],
      ["text/plain", new URLSearchParams(login).toString(), 415],
      ["multipart/form-data; boundary=x", "--x\r\nnot a part", 400],
    ];
    for (const [type, body, status] of cases) {
      const response = await fetchPath("/auth?index", {
        method: "POST",
        headers: { ...browser, "Content-Type": type },
        body,
      });
      expect(response.status, type).toBe(status);
      expect(response.headers.get("Set-Cookie"), type).toBeNull();
    }
  });

  it("answers GET on the action-only routes with 405 and the methods they take", async () => {
    const member = await createSignedInUser();
    const post = [
      "login",
      "logout",
      "register",
      "forgot-password",
      "reset-password",
      "resend-verification",
      "google-auth",
      "google-auth-code",
    ];
    const put = ["profile", "update-profile", "privacy-settings", "notification-settings", "change-password"];
    for (const [names, allow] of [
      [post, "POST"],
      [put, "PUT"],
    ] as const) {
      for (const name of names) {
        const response = await fetchPath(`/api/users/${name}`, {
          headers: { Authorization: `Bearer ${member.token}` },
        });
        expect(response.status, name).toBe(405);
        expect(response.headers.get("Allow"), name).toBe(allow);
        expect(await response.json()).toEqual({ success: false, message: "Method not allowed" });
      }
    }
    for (const path of ["/auth/logout", "/auth/google"]) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("POST");
    }
  });
});
