import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { AUTH_MESSAGES } from "~/modules/auth/accounts.server";
import { fetchPath, latestEmailTo, newAccount, postJson, testDb } from "./helpers";

async function registerAndVerify() {
  const account = newAccount();
  expect((await postJson("/api/users/register", account)).response.status).toBe(201);
  const email = await latestEmailTo(account.email);
  const token = new URL(email!.link!).searchParams.get("token");
  const verified = await postJson("/api/users/verify-email", { token });
  expect(verified.response.status).toBe(200);
  return account;
}

async function login(email: string, password: string) {
  return postJson("/api/users/login", { email, password });
}

describe("POST /api/users/register", () => {
  it("creates an unverified account, stores only a hash, and emails a single-use link", async () => {
    const account = newAccount();
    const { response, body } = await postJson("/api/users/register", account);
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ success: true, message: AUTH_MESSAGES.registered });
    const row = await testDb().select().from(users).where(eq(users.email, account.email)).get();
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(JSON.stringify(body)).not.toContain("pbkdf2");
    const email = await latestEmailTo(account.email);
    expect(email?.link).toContain("/auth/verify-email?token=");
  });

  it("refuses a taken username (any case) or email with a 409 naming the field", async () => {
    const account = newAccount();
    await postJson("/api/users/register", account);
    const sameName = await postJson("/api/users/register", {
      ...newAccount(),
      username: account.username.toUpperCase(),
    });
    expect(sameName.response.status).toBe(409);
    expect(sameName.body.errors).toEqual({ username: AUTH_MESSAGES.usernameTaken });
    const sameEmail = await postJson("/api/users/register", { ...newAccount(), email: account.email.toUpperCase() });
    expect(sameEmail.response.status).toBe(409);
    expect(sameEmail.body.errors).toEqual({ email: AUTH_MESSAGES.emailTaken });
  });

  it("enforces the password rule and the spec's messages, changing nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ password: "short1", confirmPassword: "short1" }, "password", "Password must be at least 8 characters"],
      [
        { password: "lettersonly", confirmPassword: "lettersonly" },
        "password",
        "At least 8 characters with letters and numbers",
      ],
      [{ confirmPassword: "different1" }, "confirmPassword", "Passwords do not match"],
      [{ username: "" }, "username", "Username is required"],
      [{ email: "" }, "email", "Email is required"],
    ];
    for (const [change, field, message] of cases) {
      const account = { ...newAccount(), ...change };
      const { response, body } = await postJson("/api/users/register", account);
      expect(response.status).toBe(400);
      expect((body.errors as Record<string, string>)[field]).toBe(message);
      if (account.email)
        expect(await testDb().select().from(users).where(eq(users.email, account.email))).toHaveLength(0);
    }
  });
});

describe("sign-in", () => {
  it("refuses an unverified account with a resend hint, then signs in once verified", async () => {
    const account = newAccount();
    await postJson("/api/users/register", account);
    const early = await login(account.email, account.password);
    expect(early.response.status).toBe(403);
    expect(early.body).toMatchObject({
      success: false,
      code: "EMAIL_NOT_VERIFIED",
      message: AUTH_MESSAGES.notVerified,
    });

    const email = await latestEmailTo(account.email);
    const token = new URL(email!.link!).searchParams.get("token");
    const verified = await postJson("/api/users/verify-email", { token });
    const verifiedBody = verified.body as unknown as { token: string; user: { email: string } };
    expect(verifiedBody.user.email).toBe(account.email);
    expect(verifiedBody.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The link works once.
    expect((await postJson("/api/users/verify-email", { token })).response.status).toBe(400);
    expect((await postJson("/api/users/verify-email", {})).response.status).toBe(400);
    expect((await fetchPath("/api/users/verify-email")).status).toBe(400);

    const { response, body } = await login(account.email, account.password);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ success: true, message: "Login successful" });
    expect((body.user as { email: string }).email).toBe(account.email);
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    const account = await registerAndVerify();
    const wrong = await login(account.email, "wrong-passw0rd");
    const unknown = await login(`nobody-${account.email}`, account.password);
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it("opens a new session on every sign-in; the token works as a bearer and dies at logout", async () => {
    const account = await registerAndVerify();
    const first = (await login(account.email, account.password)).body.token as string;
    const second = (await login(account.email, account.password)).body.token as string;
    expect(first).not.toBe(second);

    const me = await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${second}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(account.email);
    expect((await fetchPath("/api/users/me")).status).toBe(401);

    await postJson("/api/users/logout", {}, { Authorization: `Bearer ${second}` });
    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${second}` } })).status).toBe(401);
    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${first}` } })).status).toBe(200);
  });

  it("refuses a deactivated account", async () => {
    const account = await registerAndVerify();
    await testDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, account.email));
    expect((await login(account.email, account.password)).response.status).toBe(403);
  });
});

describe("password reset", () => {
  it("answers the same for unknown and known emails, and resets once with a link that ends every session", async () => {
    const account = await registerAndVerify();
    const session = (await login(account.email, account.password)).body.token as string;

    const unknown = await postJson("/api/users/forgot-password", { email: `ghost-${account.email}` });
    const known = await postJson("/api/users/forgot-password", { email: account.email });
    expect(unknown.response.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(AUTH_MESSAGES.resetRequested);

    const email = await latestEmailTo(account.email, "Reset your Cardshare password");
    const token = new URL(email!.link!).searchParams.get("token")!;
    const reset = await postJson("/api/users/reset-password", {
      token,
      password: "brand-new-pass1",
      confirmPassword: "brand-new-pass1",
    });
    expect(reset.body).toMatchObject({ success: true, message: AUTH_MESSAGES.resetDone });
    expect(
      (
        await postJson("/api/users/reset-password", {
          token,
          password: "another-pass22",
          confirmPassword: "another-pass22",
        })
      ).response.status,
    ).toBe(400);

    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${session}` } })).status).toBe(401);
    const userId = (await testDb().select({ id: users.id }).from(users).where(eq(users.email, account.email)).get())!
      .id;
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    expect(await latestEmailTo(account.email, "Your Cardshare password was changed")).not.toBeNull();
    expect((await login(account.email, account.password)).response.status).toBe(401);
    expect((await login(account.email, "brand-new-pass1")).response.status).toBe(200);
  });
});

describe("request hygiene", () => {
  it("answers bad JSON with a 400 in the envelope", async () => {
    const response = await fetchPath("/api/users/login", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: "The request body must be JSON." });
  });

  it("refuses a browser POST from another origin", async () => {
    const account = newAccount();
    const { response } = await postJson("/api/users/register", account, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await testDb().select().from(users).where(eq(users.email, account.email))).toHaveLength(0);
  });
});
