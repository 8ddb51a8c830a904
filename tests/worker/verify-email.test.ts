import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { VERIFY_BAD_TOKEN, VERIFY_NO_TOKEN } from "~/modules/auth/schemas";
import { createSession, SESSION_COOKIE } from "~/modules/auth/session.server";
import { createSignedInUser, fetchPath, latestEmailTo, newAccount, ORIGIN, postJson, testDb } from "./helpers";

/** A registered, unverified account and the token of its verification link. */
async function pendingAccount() {
  const account = newAccount();
  expect((await postJson("/api/users/register", account)).response.status).toBe(201);
  const email = await latestEmailTo(account.email, "Verify your email for Cardshare");
  const token = new URL(email!.link!).searchParams.get("token")!;
  const row = await testDb().select().from(users).where(eq(users.email, account.email)).get();
  return { account, token, userId: row!.id };
}

const isVerified = async (userId: string) =>
  (await testDb().select().from(users).where(eq(users.id, userId)).get())?.emailVerifiedAt != null;

/** The page's form post, as a browser with `cookie` sends it. */
function verifyPage(token: string, cookie?: string) {
  return fetchPath("/auth/verify-email", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

const sessionCookieSet = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));

describe("GET /api/users/verify-email (the spec's call, ADR 082)", () => {
  it("verifies a registered account, answers a bearer session token and no cookie; the next sign-in works", async () => {
    const { account, token, userId } = await pendingAccount();
    const before = await postJson("/api/users/login", { email: account.email, password: account.password });
    expect(before.response.status).toBe(403);

    const response = await fetchPath(`/api/users/verify-email?token=${token}`);
    expect(response.status).toBe(200);
    expect(sessionCookieSet(response)).toBe(false);
    const body = (await response.json()) as { token: string; message: string };
    expect(body).toMatchObject({ success: true, signedIn: true, user: { _id: userId, email: account.email } });
    expect(body.message).toContain("Your email has been verified.");
    expect(await isVerified(userId)).toBe(true);
    // The token is an API session, as login answers it.
    const me = await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${body.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(account.email);

    const login = await postJson("/api/users/login", { email: account.email, password: account.password });
    expect(login.response.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, user: { email: account.email } });
  });

  it("refuses a used, unknown or malformed token with a clear 400", async () => {
    const { token } = await pendingAccount();
    expect((await fetchPath(`/api/users/verify-email?token=${token}`)).status).toBe(200);
    const used = await fetchPath(`/api/users/verify-email?token=${token}`);
    expect(used.status).toBe(400);
    expect(await used.json()).toEqual({
      success: false,
      message: "This verification link is invalid, has expired or was already used.",
      code: "VERIFICATION_FAILED",
    });
    const unknown = await fetchPath(`/api/users/verify-email?token=${"x".repeat(token.length)}`);
    expect(unknown.status).toBe(400);
    const malformed = await fetchPath("/api/users/verify-email?token=abc");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { success: boolean }).success).toBe(false);
    expect((await postJson("/api/users/verify-email", { token })).response.status).toBe(400);
  });

  it("leaves another account's session alone and gives it no token", async () => {
    const { account, token, userId } = await pendingAccount();
    const other = await createSignedInUser();
    const response = await fetchPath(`/api/users/verify-email?token=${token}`, { headers: { Cookie: other.cookie } });
    expect(response.status).toBe(200);
    expect(sessionCookieSet(response)).toBe(false);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      success: true,
      signedIn: false,
      message: expect.any(String),
      user: { email: account.email },
    });
    expect(JSON.stringify(body)).not.toContain(userId);
    expect(await isVerified(userId)).toBe(true);
  });
});

describe("POST /api/users/verify-email", () => {
  it("also verifies with the token in the query of a POST", async () => {
    const { token, userId } = await pendingAccount();
    const response = await fetchPath(`/api/users/verify-email?token=${token}`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await isVerified(userId)).toBe(true);
  });
});

describe("a verification link never replaces another account's session (login CSRF)", () => {
  it("the page verifies but keeps the browser signed in to its own account, and asks to sign in", async () => {
    const { token, userId } = await pendingAccount();
    const victim = await createSignedInUser();
    const response = await verifyPage(token, victim.cookie);
    expect(response.status).toBe(200);
    expect(sessionCookieSet(response)).toBe(false);
    expect(await response.text()).toContain(
      "Your email has been verified. You are signed in to another account: sign out, then sign in with this email.",
    );
    expect(await isVerified(userId)).toBe(true);
    const me = await fetchPath("/api/users/me", { headers: { Cookie: victim.cookie } });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(victim.user.email);
  });

  it("the page signs in a browser without a session", async () => {
    const { token } = await pendingAccount();
    const response = await verifyPage(token);
    expect(sessionCookieSet(response)).toBe(true);
    const html = await response.text();
    expect(html).toContain("Your email has been verified. You are now signed in.");
    // The countdown, and a Continue link that works without JavaScript (issue 19).
    expect(html).toMatch(
      /Taking you to Cardshare in <!-- -->3<!-- --> <!-- -->seconds|Taking you to Cardshare in 3 seconds/,
    );
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Continue<\/a>/);
    expect(html).toContain('http-equiv="refresh" content="3;url=/"');
  });

  it("tells a malformed link from a missing one (not 'No token provided')", async () => {
    const malformed = await verifyPage("abc");
    expect(malformed.status).toBe(400);
    const html = await malformed.text();
    expect(html).toContain(VERIFY_BAD_TOKEN);
    expect(html).not.toContain("No token provided");
    expect(await (await fetchPath("/auth/verify-email")).text()).toContain(VERIFY_NO_TOKEN);
  });

  it("the page leaves the session of the same account as it is", async () => {
    const { token, userId } = await pendingAccount();
    const own = await createSession(testDb(), userId, { remember: false });
    const response = await verifyPage(token, `${SESSION_COOKIE}=${own.token}`);
    expect(sessionCookieSet(response)).toBe(false);
    const page = await response.text();
    expect(page).toContain("Your email has been verified.");
    expect(page).not.toContain("another account");
  });

  it("the API gives a client signed in to another account no token of the verified one", async () => {
    const { account, token, userId } = await pendingAccount();
    const other = await createSignedInUser();
    const { response, body } = await postJson(
      "/api/users/verify-email",
      { token },
      { Authorization: `Bearer ${other.token}` },
    );
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ success: true, signedIn: false, user: { email: account.email } });
    expect(body.token).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(userId);
  });
});
