import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema";
import { fakeGoogleCode, fakeGoogleToken, type FakeGoogleIdentity } from "../fixtures/fake-google";
import { createUser, fetchPath, fetchWithEnv, ORIGIN, postJson, testDb } from "./helpers";

let counter = 0;
function identity(overrides: Partial<FakeGoogleIdentity> = {}): FakeGoogleIdentity {
  counter += 1;
  const name = `goog${counter}${crypto.randomUUID().slice(0, 6)}`;
  return {
    sub: `sub-${name}`,
    email: `${name}@gmail.test`,
    email_verified: true,
    given_name: "Gia",
    family_name: "Oogle",
    ...overrides,
  };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Runs the browser flow: POST /auth/google, then Google's redirect back with a code. */
async function googleFlow(who: FakeGoogleIdentity, tamperState = false) {
  const start = await fetchPath("/auth/google", {
    method: "POST",
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get("Location")!);
  const state = authorization.searchParams.get("state")!;
  const callback = new URL("/auth/google/callback", ORIGIN);
  callback.searchParams.set("state", tamperState ? `${state}x` : state);
  callback.searchParams.set("code", fakeGoogleCode(who));
  const back = await fetchPath(`${callback.pathname}${callback.search}`, { headers: { Cookie: cookiesOf(start) } });
  return { authorization, back };
}

describe("Google sign-in, redirect flow", () => {
  it("sends the browser to Google with our client id, callback and a state", async () => {
    const { authorization } = await googleFlow(identity());
    expect(authorization.origin + authorization.pathname).toBe("https://google.fake.test/auth");
    expect(authorization.searchParams.get("client_id")).toBe("fake-google-client");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/google/callback`);
    expect(authorization.searchParams.get("state")).toMatch(/.{16,}/);
  });

  it("creates a verified Google account, signs it in and greets with the spec's toast", async () => {
    const who = identity();
    const { back } = await googleFlow(who);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/");
    const session = back.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    const row = await testDb().select().from(users).where(eq(users.email, who.email)).get();
    expect(row).toMatchObject({ authProvider: "google", googleSubject: who.sub, firstName: "Gia" });
    expect(row?.emailVerifiedAt).not.toBeNull();
    const page = await (await fetchPath("/terms", { headers: { Cookie: cookiesOf(back) } })).text();
    expect(page).toContain("Google login successful!");
    expect(page).toContain("Sign out");
  });

  it("links an existing local account with the same verified email instead of duplicating it", async () => {
    const who = identity();
    const local = await createUser({ email: who.email });
    await googleFlow(who);
    const rows = await testDb().select().from(users).where(eq(users.email, who.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: local.id, googleSubject: who.sub, authProvider: "local" });
  });

  it("takes an unverified squatter's password and sessions away instead of linking to them", async () => {
    const who = identity();
    const { hashPassword } = await import("~/modules/auth/password.server");
    const { createSession } = await import("~/modules/auth/session.server");
    const { sessions } = await import("../../db/schema");
    const squatter = await createUser({
      email: who.email,
      emailVerifiedAt: null,
      passwordHash: await hashPassword("attacker-pass1"),
    });
    const attackerSession = await createSession(testDb(), squatter.id, { remember: true });
    await googleFlow(who);
    const row = await testDb().select().from(users).where(eq(users.id, squatter.id)).get();
    expect(row).toMatchObject({ passwordHash: null, authProvider: "google", googleSubject: who.sub });
    expect((await postJson("/api/users/login", { email: who.email, password: "attacker-pass1" })).response.status).toBe(
      401,
    );
    const { hashToken } = await import("~/utils/crypto.server");
    expect(
      await testDb()
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, await hashToken(attackerSession.token))),
    ).toHaveLength(0);
  });

  it("refuses a callback whose state does not match, and signs no one in", async () => {
    const who = identity();
    const { back } = await googleFlow(who, true);
    expect(back.headers.get("Location")).toBe("/auth");
    expect(back.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
    expect(await testDb().select().from(users).where(eq(users.email, who.email))).toHaveLength(0);
  });

  it("shows the Google button on both tabs when configured", async () => {
    for (const tab of ["login", "register"]) {
      expect(await (await fetchPath(`/auth?tab=${tab}`)).text()).toContain("Continue with Google");
    }
  });
});

describe("POST /api/users/google-auth", () => {
  it("signs in with a Google access token and returns our bearer token", async () => {
    const who = identity();
    const { response, body } = await postJson("/api/users/google-auth", { idToken: fakeGoogleToken(who) });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ success: true, message: "Google login successful!" });
    const me = await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${body.token}` } });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(who.email);
  });

  it("answers the spec's texts for a missing or refused token", async () => {
    const missing = await postJson("/api/users/google-auth", {});
    expect(missing.response.status).toBe(400);
    expect(missing.body.message).toBe("Failed to get token from Google. Please try again.");
    const refused = await postJson("/api/users/google-auth", { idToken: "forged" });
    expect(refused.response.status).toBe(401);
    expect(refused.body.message).toBe("Google login failed. Please try again.");
  });

  it("refuses a token Google issued to another site's client, and creates nothing", async () => {
    const who = identity();
    const replayed = fakeGoogleToken({ ...who, aud: "another-sites-client" });
    const { response, body } = await postJson("/api/users/google-auth", { idToken: replayed });
    expect(response.status).toBe(401);
    expect(body.message).toBe("Google login failed. Please try again.");
    expect(await testDb().select().from(users).where(eq(users.email, who.email))).toHaveLength(0);
  });

  it("does not create an account for an unverified Google email", async () => {
    const who = identity({ email_verified: false });
    const { response } = await postJson("/api/users/google-auth", { idToken: fakeGoogleToken(who) });
    expect(response.status).toBe(403);
    expect(await testDb().select().from(users).where(eq(users.email, who.email))).toHaveLength(0);
  });

  it("exchanges an authorization code through /api/users/google-auth-code", async () => {
    const who = identity();
    const { body } = await postJson("/api/users/google-auth-code", { code: fakeGoogleCode(who) });
    expect(body).toMatchObject({ success: true, message: "Google login successful!" });
    expect((body.user as { email: string }).email).toBe(who.email);
  });
});

describe("a second Google account with an email another Google account holds", () => {
  const LINKED = "This email is already linked to another Google account.";

  /** Signs in Google subject S1 with email E, and returns S2's identity with the same E. */
  async function firstAccountThenSecondSubject() {
    const first = identity();
    expect((await postJson("/api/users/google-auth", { idToken: fakeGoogleToken(first) })).response.status).toBe(200);
    return { first, second: identity({ email: first.email }) };
  }

  const accountsWith = (email: string) => testDb().select().from(users).where(eq(users.email, email));

  it("is a 409 from POST /api/users/google-auth, with no new user and no endless retry", async () => {
    const { first, second } = await firstAccountThenSecondSubject();
    const { response, body } = await postJson("/api/users/google-auth", { idToken: fakeGoogleToken(second) });
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ success: false, message: LINKED });
    expect(await accountsWith(first.email)).toEqual([expect.objectContaining({ googleSubject: first.sub })]);
    expect(await testDb().select().from(users).where(eq(users.googleSubject, second.sub))).toHaveLength(0);
  }, 10_000);

  it("is a 409 from POST /api/users/google-auth-code", async () => {
    const { first, second } = await firstAccountThenSecondSubject();
    const { response, body } = await postJson("/api/users/google-auth-code", { code: fakeGoogleCode(second) });
    expect(response.status).toBe(409);
    expect(body.message).toBe(LINKED);
    expect(await accountsWith(first.email)).toHaveLength(1);
  }, 10_000);

  it("sends the redirect flow back to /auth with the message, signing no one in", async () => {
    const { first, second } = await firstAccountThenSecondSubject();
    const { back } = await googleFlow(second);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/auth");
    expect(back.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
    expect(await (await fetchPath("/auth", { headers: { Cookie: cookiesOf(back) } })).text()).toContain(LINKED);
    expect(await accountsWith(first.email)).toHaveLength(1);
  }, 10_000);
});

describe("without GOOGLE_CLIENT_ID", () => {
  it("hides the button and refuses the routes", async () => {
    const { fetchWithEnv } = await import("./helpers");
    const page = await (await fetchWithEnv("/auth", { GOOGLE_CLIENT_ID: "" })).text();
    expect(page).toContain("Welcome Back");
    expect(page).not.toContain("Continue with Google");
    const api = await fetchWithEnv(
      "/api/users/google-auth",
      { GOOGLE_CLIENT_ID: "" },
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idToken: "x" }),
      },
    );
    expect(api.status).toBe(404);
  });
});

describe("when Google cannot be reached", () => {
  afterEach(() => vi.restoreAllMocks());

  /** Drops the connection to Google's endpoints `times` times (as a busy network does), then lets calls through. */
  function dropGoogleConnections(times: number) {
    const realFetch = globalThis.fetch;
    let dropped = 0;
    return vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith("https://google.fake.test/") && dropped < times) {
        dropped++;
        return Promise.reject(new TypeError("Network connection lost."));
      }
      return realFetch(input, init);
    });
  }

  const signIn = (who: FakeGoogleIdentity) =>
    fetchWithEnv(
      "/api/users/google-auth",
      {},
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idToken: fakeGoogleToken(who) }),
      },
    );

  it("tells the member Google is unavailable (503) and writes nothing", async () => {
    const who = identity();
    dropGoogleConnections(Infinity);
    const response = await signIn(who);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      success: false,
      message: "Google sign-in is not available right now. Please try again in a moment.",
    });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await testDb().select().from(users).where(eq(users.email, who.email)).all()).toEqual([]);
  });

  it("retries a dropped read once and signs in", async () => {
    const who = identity();
    const spy = dropGoogleConnections(1);
    const response = await signIn(who);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, message: "Google login successful!" });
    expect(spy.mock.calls.filter(([input]) => String(input).includes("google.fake.test")).length).toBeGreaterThan(2);
  });
});
