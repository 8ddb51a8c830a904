import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { hashPassword } from "~/modules/auth/password.server";
import { REMEMBERED_SESSION_MS, SHORT_SESSION_MS } from "~/modules/auth/session.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { createSignedInUser, createUser, fetchPath, latestEmailTo, ORIGIN, postJson, testDb } from "./helpers";

const PASSWORD = "page-passw0rd";

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchPath(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function localUser() {
  return createUser({ passwordHash: await hashPassword(PASSWORD) });
}

describe("/auth sign-in form", () => {
  it("sets an HttpOnly, SameSite=Lax browser-session cookie and a 12-hour server session", async () => {
    const user = await localUser();
    const before = Date.now();
    const response = await postForm("/auth?index", { intent: "login", email: user.email, password: PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    // Besides the D1 bookmark (ADR 008), the session cookie is the only one set.
    const cookies = response.headers.getSetCookie().filter((value) => !value.startsWith("cs_d1="));
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0];
    expect(cookie).toMatch(/^__session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const [session] = await testDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.remember).toBe(false);
    expect(session.expiresAt.getTime() - before).toBeGreaterThan(SHORT_SESSION_MS - 60_000);
    expect(session.expiresAt.getTime() - before).toBeLessThanOrEqual(SHORT_SESSION_MS + 60_000);
  });

  it("with Remember me keeps the cookie and the session for 30 days", async () => {
    const user = await localUser();
    const response = await postForm("/auth?index", {
      intent: "login",
      email: user.email,
      password: PASSWORD,
      remember: "on",
    });
    expect(response.headers.get("Set-Cookie")).toContain(`Max-Age=${REMEMBERED_SESSION_MS / 1000}`);
    const [session] = await testDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.remember).toBe(true);
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(REMEMBERED_SESSION_MS - 60_000);
  });

  it("goes back to a same-site redirectTo and ignores any other", async () => {
    const user = await localUser();
    const ok = await postForm("/auth?index", {
      intent: "login",
      email: user.email,
      password: PASSWORD,
      redirectTo: "/apply?x=1",
    });
    expect(ok.headers.get("Location")).toBe("/apply?x=1");
    const evil = await postForm("/auth?index", {
      intent: "login",
      email: user.email,
      password: PASSWORD,
      redirectTo: "//evil.example",
    });
    expect(evil.headers.get("Location")).toBe("/");
  });

  it("normalises redirectTo before checking it: dot segments cannot make a protocol-relative Location", async () => {
    const user = await localUser();
    for (const redirectTo of ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example"]) {
      const response = await postForm("/auth?index", {
        intent: "login",
        email: user.email,
        password: PASSWORD,
        redirectTo,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("issues a new token at every sign-in, whatever cookie the browser already had", async () => {
    const user = await localUser();
    const planted = "A".repeat(43);
    const response = await postForm(
      "/auth?index",
      { intent: "login", email: user.email, password: PASSWORD },
      { Cookie: `__session=${planted}` },
    );
    expect(response.headers.get("Set-Cookie")).not.toContain(planted);
  });

  it("answers a wrong password with the form error and no cookie", async () => {
    const user = await localUser();
    // Posted to /auth itself, as the page's form does (no `?index`: issue 19).
    const response = await postForm("/auth", { intent: "login", email: user.email, password: "nope-12345" });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().filter((value) => !value.startsWith("cs_d1="))).toEqual([]);
    expect(await response.text()).toContain("Invalid email or password.");
  });

  it("sends signed-in users away from /auth, and a replayed cookie is anonymous after sign-out", async () => {
    const { cookie } = await createSignedInUser();
    expect((await fetchPath("/auth", { headers: { Cookie: cookie } })).headers.get("Location")).toBe("/");
    await postForm("/auth/logout", {}, { Cookie: cookie });
    expect((await fetchPath("/auth", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("registers through the form and goes to verify-pending with the address", async () => {
    const name = `page${Date.now().toString(36)}`;
    const response = await postForm("/auth?index", {
      intent: "register",
      username: name,
      email: `${name}@example.test`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/auth/verify-pending?email=${encodeURIComponent(`${name}@example.test`)}&registered=1`,
    );
    expect(await testDb().select().from(users).where(eq(users.username, name))).toHaveLength(1);
  });
});

describe("cookies over https", () => {
  it("carry Secure outside plain-http localhost", async () => {
    const user = await localUser();
    const origin = "https://cardshare.example";
    const response = await fetchPath(`${origin}/auth?index`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Host: "cardshare.example" },
      body: new URLSearchParams({ intent: "login", email: user.email, password: PASSWORD }).toString(),
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
  });
});

describe("/auth's forms post to /auth, never /auth?index (issue 19)", () => {
  it("keeps the tab and the way back in the form's action", async () => {
    const actionOf = async (path: string) =>
      [...(await (await fetchPath(path)).text()).matchAll(/<form[^>]*action="([^"]*)"/g)].map((match) => match[1]);
    // The tab's form first (Google's button, when configured, posts to /auth/google).
    expect((await actionOf("/auth"))[0]).toBe("/auth");
    expect((await actionOf("/auth?tab=register"))[0]).toBe("/auth?tab=register");
    expect((await actionOf("/auth?redirectTo=%2Fchat"))[0]).toBe("/auth?redirectTo=%2Fchat");
    for (const path of ["/auth", "/auth?tab=register"]) expect((await actionOf(path)).join(" ")).not.toContain("index");
  });
});

describe("/auth/reset-password checks its link on load (issue 19)", () => {
  it("shows the form for a live link, and for a used or unknown one says so without a form", async () => {
    const user = await localUser();
    expect((await postJson("/api/users/forgot-password", { email: user.email })).response.status).toBe(200);
    const link = new URL((await latestEmailTo(user.email))!.link!);
    const page = `/auth/reset-password${link.search}`;
    expect(await (await fetchPath(page)).text()).toContain('name="confirmPassword"');

    const token = link.searchParams.get("token")!;
    const reset = await postForm("/auth/reset-password", {
      token,
      password: "n3w-passw0rd",
      confirmPassword: "n3w-passw0rd",
    });
    expect(reset.status).toBe(302);
    for (const spent of [page, `/auth/reset-password?token=${"x".repeat(40)}`]) {
      const html = await (await fetchPath(spent)).text();
      expect(html).toContain(AUTH_MESSAGES.resetLinkSpent);
      expect(html).not.toContain('name="password"');
      expect(html).toContain('href="/auth/forgot-password"');
    }
  });
});
