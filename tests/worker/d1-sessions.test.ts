/**
 * Reads from the nearest replica, consistently (ADR 008): every request's queries run in one D1
 * session from the bookmark the client last saw, and the session's bookmark goes back to it. Local
 * D1 has no replicas, so besides "the next request sees the write", these tests check what makes
 * that hold in production: which start each request's session gets, and what goes back.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, createSignedInUser, fetchPath, fetchWithEnv } from "./helpers";
import { connect } from "./socket-helpers";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const HTTPS = "https://cardshare.example";

/** The bookmark cookie a response sets, as `cs_d1=<value>` plus its attributes, or undefined. */
const bookmarkCookie = (response: Response) =>
  response.headers.getSetCookie().find((value) => value.startsWith("cs_d1="));

const cookieValue = (setCookie: string | undefined) => setCookie?.split(";")[0]?.slice("cs_d1=".length);

/**
 * The D1 binding, recording where each request's session starts and counting queries that skip
 * the session (straight on the binding, i.e. always at the primary).
 */
function recordingDb() {
  const starts: string[] = [];
  const direct = { count: 0 };
  const db = {
    withSession(start: string) {
      starts.push(start);
      return env.DB.withSession(start);
    },
    prepare(query: string) {
      direct.count++;
      return env.DB.prepare(query);
    },
    batch(statements: D1PreparedStatement[]) {
      direct.count++;
      return env.DB.batch(statements);
    },
    exec(query: string) {
      direct.count++;
      return env.DB.exec(query);
    },
  } as unknown as D1Database;
  return { db, starts, direct };
}

async function profileOf(id: string, headers: Record<string, string>) {
  const response = await fetchPath(`/api/users/profile/${id}`, { headers });
  return { response, body: (await response.json()) as { data: { email: string | null } } };
}

describe("D1 sessions: read-your-writes across requests (ADR 008)", () => {
  it("an API client reads its own write in the next request by sending back x-d1-bookmark", async () => {
    const owner = await createSignedInUser({ showEmail: false });
    const auth = { Authorization: `Bearer ${owner.token}` };
    const write = await fetchPath("/api/users/privacy-settings", {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ showFullName: true, showEmail: true, showReferrals: true, showApplications: true }),
    });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(BOOKMARK);
    // A bearer-token client keeps its bookmark from the header: no cookie for it to ignore.
    expect(write.headers.get("Set-Cookie") ?? "").not.toContain("cs_d1=");

    const read = await profileOf(owner.user.id, { "x-d1-bookmark": bookmark! });
    expect(read.response.status).toBe(200);
    expect(read.body.data.email).toBe(owner.user.email);
    // Monotonic: the next bookmark is never older than the one the client sent.
    const next = read.response.headers.get("x-d1-bookmark");
    expect(next).toMatch(BOOKMARK);
    expect(next! >= bookmark!).toBe(true);
  });

  it("a browser reads its own write in the next request through the cs_d1 cookie", async () => {
    const owner = await createSignedInUser({ showEmail: false });
    const write = await fetchPath("/dashboard/personal-info", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "privacy", showEmail: "on" }),
    });
    expect(write.status).toBeLessThan(400);
    const setCookie = bookmarkCookie(write);
    expect(setCookie).toMatch(/^cs_d1=[0-9a-f-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const bookmark = cookieValue(setCookie)!;
    expect(bookmark).toMatch(BOOKMARK);

    const read = await profileOf(owner.user.id, { Cookie: `${owner.cookie}; cs_d1=${bookmark}` });
    expect(read.body.data.email).toBe(owner.user.email);
    const renewed = cookieValue(bookmarkCookie(read.response));
    if (renewed) expect(renewed > bookmark).toBe(true);
  });

  it("starts a read from the newest bookmark the client sent, and a write at the primary", async () => {
    const { cookie } = await createSignedInUser();
    const older = (await fetchPath("/api/health")).headers.get("x-d1-bookmark")!;
    const newer = (await fetchPath("/api/health")).headers.get("x-d1-bookmark")!;
    expect(newer > older).toBe(true);

    const recorded = recordingDb();
    const read = await fetchWithEnv(
      "/dashboard/personal-info",
      { DB: recorded.db },
      {
        headers: { Cookie: `${cookie}; cs_d1=${older}`, "x-d1-bookmark": newer },
      },
    );
    expect(read.status).toBe(200);
    // A page rendered for a visitor (the public pages may come from the edge cache, ADR 062).
    const anonymous = await fetchWithEnv("/auth", { DB: recorded.db });
    expect(anonymous.status).toBe(200);
    const write = await fetchWithEnv(
      "/api/users/login",
      { DB: recorded.db },
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-d1-bookmark": newer },
        body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
      },
    );
    expect(write.status).toBe(401);
    expect(recorded.starts).toEqual([newer, "first-unconstrained", "first-primary"]);
    // Every loader, action and /api route reached the database through the session only.
    expect(recorded.direct.count).toBe(0);
  });

  it("ignores a garbage, oversized or malformed bookmark: 200, an unconstrained start, a real one back", async () => {
    const recorded = recordingDb();
    const garbage: Record<string, string>[] = [
      { "x-d1-bookmark": "zzzz-not-a-bookmark" },
      // A constraint is not a bookmark: a client may not send every read of its own to the primary.
      { "x-d1-bookmark": "first-primary" },
      { "x-d1-bookmark": "f".repeat(20_000) },
      { Cookie: "cs_d1=<script>alert(1)</script>" },
      { Cookie: `cs_d1=${"00000000-".repeat(3)}${"0".repeat(31)}G` },
    ];
    for (const headers of garbage) {
      const response = await fetchWithEnv("/api/health", { DB: recorded.db }, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
      expect(cookieValue(bookmarkCookie(response))).toMatch(BOOKMARK);
    }
    expect(recorded.starts).toEqual(garbage.map(() => "first-unconstrained"));
    const page = await fetchPath("/", { headers: { Cookie: "cs_d1=%%%;;", "x-d1-bookmark": " \t " } });
    expect(page.status).toBe(200);
  });

  it("the rooms' gate looks the member up through the request's session", async () => {
    const { user, cookie } = await createSignedInUser();
    const recorded = recordingDb();
    const response = await fetchWithEnv(
      `/parties/user-notifications/${user.id}`,
      { DB: recorded.db },
      {
        headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie },
      },
    );
    expect(response.status).toBe(101);
    response.webSocket?.accept();
    response.webSocket?.close();
    expect(recorded.starts).toEqual(["first-unconstrained"]);
    expect(recorded.direct.count).toBe(0);
    // The upgrade's own headers are the room's: no bookmark on a 101.
    expect(response.headers.get("x-d1-bookmark")).toBeNull();
    const refused = await connect(`/parties/user-notifications/${user.id}`, { "x-d1-bookmark": "garbage" });
    expect(refused.response.status).toBe(401);
  });

  it("keeps no-store on a signed-in page, and Secure on the bookmark cookie over https", async () => {
    const { cookie } = await createSignedInUser();
    const page = await fetchPath(`${HTTPS}/dashboard/personal-info`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Content-Security-Policy")).toContain("nonce-");
    expect(bookmarkCookie(page)).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    const local = await fetchPath("/dashboard/personal-info", { headers: { Cookie: cookie } });
    expect(bookmarkCookie(local)).not.toMatch(/Secure/);
  });
});
