import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import {
  createSession,
  findSession,
  findSessionUser,
  REMEMBERED_SESSION_MS,
  SESSION_COOKIE,
  sessionUserColumns,
} from "~/modules/auth/session.server";
import { hashToken } from "~/utils/crypto.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { failingDb } from "./failing-db";
import { createSignedInUser, fetchPath, fetchWithEnv, testDb } from "./helpers";

describe("sessions", () => {
  it("finds the user behind a token, by cookie or bearer header", async () => {
    const { user, token } = await createSignedInUser();
    expect((await findSessionUser(testDb(), token))?.id).toBe(user.id);
    const page = await (await fetchPath("/terms", { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(page).toContain("Sign out");
  });

  it("answers the user and the extra columns as drizzle's own select decodes them (its statement is prebuilt)", async () => {
    const { user, token } = await createSignedInUser();
    await testDb().update(users).set({ isAdmin: true, profileImage: null }).where(eq(users.id, user.id));
    const extra = {
      sessions: sql<number>`(select count(*) from sessions s where s.user_id = ${users.id})`.mapWith(Number),
    };
    for (let round = 0; round < 2; round++) {
      const found = await findSession(testDb(), token, new Date(), extra);
      const expected = await testDb().select(sessionUserColumns).from(users).where(eq(users.id, user.id)).get();
      expect(found?.user).toEqual(expected);
      expect(found?.user.isAdmin).toBe(true);
      expect(found?.expiresAt).toBeInstanceOf(Date);
      expect(found?.extra).toEqual({ sessions: 1 });
    }
    expect(await findSession(testDb(), "not-a-token", new Date(), extra)).toBeNull();
  });

  it("stores only a hash of the token", async () => {
    const { user, token } = await createSignedInUser();
    const rows = await testDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("ignores expired sessions and deactivated users", async () => {
    const expired = await createSignedInUser();
    await testDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.user.id));
    expect(await findSessionUser(testDb(), expired.token)).toBeNull();

    const deactivated = await createSignedInUser();
    await testDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.user.id));
    expect(await findSessionUser(testDb(), deactivated.token)).toBeNull();
  });

  it("slides a remembered session back to 30 days when it is used", async () => {
    const { user } = await createSignedInUser();
    const { token } = await createSession(testDb(), user.id, { remember: true });
    const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await testDb()
      .update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.tokenHash, await hashToken(token)));
    expect((await findSessionUser(testDb(), token))?.id).toBe(user.id);
    const [row] = await testDb()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, await hashToken(token)));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + REMEMBERED_SESSION_MS - 60_000);
  });

  it("signs out: ends the server session, clears the cookie and goes to /auth", async () => {
    const { user, cookie, token } = await createSignedInUser();
    const response = await fetchPath("/auth/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(response.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=;`);
    expect(await findSessionUser(testDb(), token)).toBeNull();
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  describe("a sign-out the server cannot complete still signs the browser out", () => {
    /** D1 refuses to delete sessions, as in an outage; reading them still works. */
    const cannotEndSessions = () => ({ DB: failingDb(/delete from "sessions"/i) });

    it("the header's Sign out clears the cookie and goes to /", async () => {
      const { cookie, token } = await createSignedInUser();
      const response = await fetchWithEnv("/auth/logout", cannotEndSessions(), {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: "http://localhost:8787",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      const setCookies = response.headers.getSetCookie();
      expect(setCookies.find((value) => value.startsWith(`${SESSION_COOKIE}=`))).toMatch(
        new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`),
      );
      expect(setCookies.some((value) => value.startsWith("__toast="))).toBe(true);
      // The failure was real: the server session is still there, and ends at its expiry.
      expect(await findSessionUser(testDb(), token)).not.toBeNull();
    });

    it("POST /api/users/logout clears the cookie and says the session was not ended (503)", async () => {
      const { cookie, token } = await createSignedInUser();
      const response = await fetchWithEnv("/api/users/logout", cannotEndSessions(), {
        method: "POST",
        headers: { Cookie: cookie, Origin: "http://localhost:8787" },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
      expect(await response.json()).toEqual({
        success: false,
        message: AUTH_MESSAGES.signOutIncomplete,
        code: "SIGN_OUT_INCOMPLETE",
      });
      expect(await findSessionUser(testDb(), token)).not.toBeNull();
    });
  });
});
