/**
 * Logs and error reports (docs/decisions/065-logs-and-error-reports.md): one JSON line per request
 * with its id (also the x-request-id header), unexpected errors from a loader, an action, an /api
 * route, a room and the cron reported to the fake Sentry at the network edge with their request id
 * and route and nothing personal, refusals not reported, the cron's steps each on its own, and a
 * health check that answers 503 when D1 or the rooms are down.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatMembers, chats, rateLimitHits } from "../../db/schema";
import { makeDirectChat } from "../../db/factories";
import { createDb, type Db } from "../../db/client";
import { eq } from "drizzle-orm";
import type { ReceivedEvent } from "../fixtures/fake-sentry";
import { parseMeterHeader } from "../../bench/d1-meter";
import { createSignedInUser, fetchMetered, fetchWithEnv, testDb } from "./helpers";
import { runCron } from "./cron-helpers";
import { SCHEDULED_STEPS } from "../../server";
import { failingDb } from "./failing-db";
import { connect, eventually, framesOf, waitFor } from "./socket-helpers";

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every event the fake Sentry received so far. */
async function sentryEvents(): Promise<ReceivedEvent[]> {
  return (await (await fetch("https://sentry.fake.test/_fake/events")).json()) as ReceivedEvent[];
}
const eventsOf = async (requestId: string) =>
  (await sentryEvents()).filter((received) => received.event.tags?.request_id === requestId);

/** The JSON lines logged while `run` runs (console.log, warn and error), parsed. */
async function logsOf<T>(run: () => Promise<T>) {
  const lines: Record<string, unknown>[] = [];
  const capture = (...args: unknown[]) => {
    if (typeof args[0] !== "string") return;
    try {
      lines.push(JSON.parse(args[0]) as Record<string, unknown>);
    } catch {
      // Not one of ours.
    }
  };
  const spies = (["log", "warn", "error"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(capture),
  );
  try {
    return { result: await run(), lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** What must never leave the Worker for this member: their address, names, token, cookie. */
function expectNothingPersonal(text: string, member: Awaited<ReturnType<typeof createSignedInUser>>) {
  expect(text).not.toContain(member.user.email);
  expect(text).not.toContain(member.token);
  expect(text).not.toContain(member.user.lastName);
  expect(text.toLowerCase()).not.toContain("cookie");
}

afterEach(() => vi.restoreAllMocks());

describe("request logs", () => {
  it("logs one line per request with its id, route, status, duration, D1 calls and member id, and answers the id", async () => {
    const member = await createSignedInUser({ lastName: "Privatename" });
    const { result: response, lines } = await logsOf(() =>
      fetchWithEnv("/api/users/me", {}, { headers: { Authorization: `Bearer ${member.token}` } }),
    );
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(REQUEST_ID);
    const requestLines = lines.filter((line) => line.type === "request");
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: "info",
      requestId,
      route: "routes/api.users.me",
      method: "GET",
      status: 200,
      outcome: "ok",
      userId: member.user.id,
    });
    expect(requestLines[0]!.durationMs).toBeTypeOf("number");
    expect(requestLines[0]!.d1Calls).toBeGreaterThan(0);
    expectNothingPersonal(JSON.stringify(lines), member);
  });

  it("counts in d1Calls the round trips the bench's full meter counts (ADR 066)", async () => {
    const member = await createSignedInUser();
    for (const path of ["/refer", "/dashboard/my-referrals", "/apply", "/api/users/me"]) {
      const { result: response, lines } = await logsOf(() =>
        fetchMetered(path, { headers: { Cookie: member.cookie, Authorization: `Bearer ${member.token}` } }),
      );
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      const metered = parseMeterHeader(response.headers.get("x-d1-meter"));
      const [line] = lines.filter((logged) => logged.type === "request");
      expect(metered!.calls, path).toBeGreaterThan(0);
      expect(line!.d1Calls, path).toBe(metered!.calls);
    }
  });

  it("logs a visitor as no one", async () => {
    const { result: response, lines } = await logsOf(() => fetchWithEnv("/", {}));
    expect(response.status).toBe(200);
    expect(lines.find((line) => line.type === "request")).toMatchObject({
      requestId: response.headers.get("x-request-id"),
      route: "routes/_index",
      userId: null,
    });
  });
});

describe("error reports", () => {
  const formPost = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

  /** A request while the statements matching `fails` fail, with what it logged. */
  const outage = (path: string, fails: RegExp, init: RequestInit) =>
    logsOf(() => fetchWithEnv(path, { DB: failingDb(fails) }, init));

  /** A request failing unexpectedly: a 500, one error line and one report, both with its id and route. */
  async function expectReported(
    response: Response,
    lines: Record<string, unknown>[],
    route: string,
    member: Awaited<ReturnType<typeof createSignedInUser>>,
  ) {
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(REQUEST_ID);
    const errorLines = lines.filter((line) => line.type === "error");
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatchObject({ level: "error", requestId, route });
    const reports = await eventsOf(requestId);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.event.tags).toMatchObject({ request_id: requestId, route, kind: "request" });
    // The failure and its cause (D1's own error) arrive; the failed query's values do not.
    const exception = JSON.stringify(reports[0]!.event.exception);
    expect(exception).toContain("simulated_outage");
    expect(exception).toContain("params: [not logged]");
    expect(reports[0]!.event).not.toHaveProperty("request");
    expectNothingPersonal(reports[0]!.envelope, member);
    expectNothingPersonal(JSON.stringify(lines), member);
    return reports[0]!;
  }

  it("reports an error thrown in a page's loader", async () => {
    const admin = await createSignedInUser({ isAdmin: true, lastName: "Loaderperson" });
    const { result: response, lines } = await outage("/admin/creditcards", /credit_cards/, {
      headers: { Cookie: admin.cookie },
    });
    const report = await expectReported(response, lines, "routes/admin.creditcards._index", admin);
    expect(report.event.user).toEqual({ id: admin.user.id });
  });

  it("reports an error thrown in a form's action, without the address the form carried", async () => {
    const member = await createSignedInUser({ lastName: "Actionperson" });
    const fields = formPost({ email: member.user.email });
    const { result: response, lines } = await outage("/auth/forgot-password", /rate_limit_hits/, fields);
    await expectReported(response, lines, "routes/auth.forgot-password", member);
  });

  it("reports an error thrown in an /api route", async () => {
    const member = await createSignedInUser({ lastName: "Apiperson" });
    const { result: response, lines } = await outage("/api/credit-cards", /credit_cards/, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    const report = await expectReported(response, lines, "routes/api.credit-cards._index", member);
    expect(report.event.user).toEqual({ id: member.user.id });
  });

  it("does not report refusals (4xx), nor anything without SENTRY_DSN", async () => {
    const member = await createSignedInUser();
    const refused = await fetchWithEnv("/api/users/me", {});
    expect(refused.status).toBe(401);
    const missing = await fetchWithEnv("/api/referrals/nothing-here", {});
    expect(missing.status).toBe(404);
    const off = await fetchWithEnv(
      "/api/credit-cards",
      { DB: failingDb(/credit_cards/), SENTRY_DSN: "" },
      { headers: { Authorization: `Bearer ${member.token}` } },
    );
    expect(off.status).toBe(500);
    for (const response of [refused, missing, off]) {
      expect(await eventsOf(response.headers.get("x-request-id")!)).toEqual([]);
    }
  });

  it("reports an error thrown in a Durable Object, and the sender hears it failed", async () => {
    const alice = await createSignedInUser({ lastName: "Roomperson" });
    const bob = await createSignedInUser();
    const { chat, members } = makeDirectChat(alice.user.id, bob.user.id);
    await testDb().batch([testDb().insert(chats).values(chat), testDb().insert(chatMembers).values(members)]);
    const room = await connect(`/parties/chat-room/${chat.id}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(room.frames, "welcome")[0]);
    await runInDurableObject(env.ChatRoom.getByName(chat.id), (instance) => {
      (instance as unknown as { db: () => Db }).db = () => createDb(failingDb(/./));
    });
    const before = (await sentryEvents()).length;
    room.socket!.send(JSON.stringify({ type: "mark-read", chatId: chat.id, timestamp: Date.now() }));
    expect(await waitFor(() => framesOf(room.frames, "error")[0])).toMatchObject({
      message: "Something went wrong. Please try again.",
    });
    let found: ReceivedEvent | undefined;
    await eventually(async () => {
      const events = (await sentryEvents()).slice(before);
      found = events.find((received) => received.event.tags?.route === "room:ChatRoom:message");
      return found !== undefined;
    });
    expect(found!.event.tags).toMatchObject({ kind: "room" });
    expect(found!.event.tags!.request_id).toMatch(REQUEST_ID);
    expect(found!.event.user).toEqual({ id: alice.user.id });
    expectNothingPersonal(found!.envelope, alice);
    room.socket!.close();
  });
});

describe("the cron", () => {
  it("runs every step when one throws, and logs and reports the one that threw", async () => {
    // A rate-limit event older than any window: the pruning step (after the failing one) drops it.
    const stale = { id: crypto.randomUUID(), key: "cron-isolation", at: Date.now() - 3 * 24 * 60 * 60 * 1000 };
    await testDb().insert(rateLimitHits).values(stale);
    const { lines } = await logsOf(() => runCron({ DB: failingDb(/^UPDATE "?referrals"? SET "?rotation_/i) }));

    const steps = lines.filter((line) => line.type === "cron");
    expect(SCHEDULED_STEPS.length).toBeGreaterThan(2);
    expect(steps.map((line) => [line.route, line.outcome])).toEqual(
      SCHEDULED_STEPS.map((step) => [`cron:${step.name}`, step.name === "rotation" ? "error" : "ok"]),
    );
    expect(await testDb().select().from(rateLimitHits).where(eq(rateLimitHits.id, stale.id))).toEqual([]);

    const failed = steps[0]!;
    expect(lines.filter((line) => line.type === "error")).toMatchObject([
      { requestId: failed.requestId, route: "cron:rotation" },
    ]);
    const reports = await eventsOf(failed.requestId as string);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.event.tags).toMatchObject({ route: "cron:rotation", kind: "cron" });
  });
});

describe("/api/health", () => {
  it("answers D1's and the rooms' reachability with their latency", async () => {
    const response = await fetchWithEnv("/api/health", {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      success: true,
      status: "ok",
      database: "ok",
      checks: { d1: { ok: true }, durableObjects: { ok: true } },
    });
    const checks = body.checks as Record<string, { latencyMs: number }>;
    expect(checks.d1!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(checks.durableObjects!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  /** A 503 in the failure envelope naming what is down, with the same checks as a 200. */
  async function expectDown(response: Response, down: string, d1: boolean, durableObjects: boolean) {
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      success: false,
      message: `Service unavailable: ${down} cannot be reached.`,
      status: "down",
      database: d1 ? "ok" : "down",
      checks: { d1: { ok: d1 }, durableObjects: { ok: durableObjects } },
    });
  }

  it("answers 503 when D1 is down", async () => {
    await expectDown(await fetchWithEnv("/api/health", { DB: failingDb(/select 1/) }), "the database", false, true);
  });

  it("answers 503 when the Durable Objects cannot be reached", async () => {
    const unreachable = {
      getByName: () => {
        throw new Error("Durable Objects unavailable");
      },
    } as unknown as Env["UserNotifications"];
    const response = await fetchWithEnv("/api/health", { UserNotifications: unreachable });
    await expectDown(response, "the realtime rooms", true, false);
  });
});
