import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, notificationDeadLetters, users } from "../../db/schema";
import worker from "../../server";
import { KIND_INFO, NOTIFICATION_KINDS, type NotificationKind } from "~/modules/notifications/kinds";
import type { NotificationMessage } from "~/modules/notifications/messages.server";
import { notify } from "~/modules/notifications/notify.server";
import { readKindSettings } from "~/modules/notifications/settings.server";
import { signUnsubscribe } from "~/modules/notifications/unsubscribe.server";
import { CHAT_MAIL_WINDOW_MS } from "~/modules/chats/room/mirror.server";
import { parseEnv } from "~/utils/env.server";
import { api, createSignedInUser, fetchPath, latestEmailTo, testDb } from "./helpers";
import { createMarket } from "./market-helpers";
import { testNotification } from "./notification-message";

const FAKE_MAIL = "https://mail.fake.test";
const appEnv = () => parseEnv(env as unknown as Record<string, unknown>);

const message = (kind: NotificationKind, userId: string) => testNotification(kind, userId);

/** Runs the Worker's queue() handler on one batch, as the queue would, and answers what it acked and retried. */
async function consume(body: NotificationMessage, attempts = 1, overrides: Partial<Env> = {}) {
  const batch = createMessageBatch<NotificationMessage>("cardshare-notifications", [
    { id: `msg-${body.key}`, timestamp: new Date(), attempts, body },
  ]);
  // What each retry asked for (the pool's result lists retried ids, not their delays).
  const delays: (number | undefined)[] = [];
  const retry = batch.messages[0]!.retry.bind(batch.messages[0]);
  vi.spyOn(batch.messages[0]!, "retry").mockImplementation((options) => {
    delays.push(options?.delaySeconds);
    retry(options);
  });
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...overrides }, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

const mailsWithKey = (key: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.idempotencyKey, `${key}:email`));

async function providerSent(to: string) {
  return (await (await fetch(`${FAKE_MAIL}/_fake/sent?to=${encodeURIComponent(to)}`)).json()) as unknown[];
}

async function providerRefused(to: string) {
  return (await (await fetch(`${FAKE_MAIL}/_fake/refused?to=${encodeURIComponent(to)}`)).json()) as number;
}

describe("notifications: what calls you back", () => {
  it("sends each kind when it is on and nothing when it is off (or the master switch is)", async () => {
    for (const kind of NOTIFICATION_KINDS) {
      const on = await createSignedInUser();
      const off = await createSignedInUser();
      // A kind off by default (the digest) is on once chosen.
      if (!KIND_INFO[kind].defaultOn) {
        await api("PUT", "/api/users/notification-settings", on.token, { kinds: { [kind]: { email: true } } });
      }
      const put = await api("PUT", "/api/users/notification-settings", off.token, {
        kinds: { [kind]: { email: false } },
      });
      expect(put.status).toBe(200);
      expect(put.body.emailNotifications).toBe(true);
      expect(put.body.kinds[kind]).toEqual({ email: false, push: KIND_INFO[kind].defaultOn });
      const sent = message(kind, on.user.id);
      const skipped = message(kind, off.user.id);
      expect((await consume(sent)).explicitAcks).toEqual([`msg-${sent.key}`]);
      expect((await consume(skipped)).explicitAcks).toEqual([`msg-${skipped.key}`]);
      const [mail] = await mailsWithKey(sent.key);
      expect(mail, kind).toMatchObject({ to: on.user.email, kind });
      expect(mail!.headers).toEqual({
        "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:8787\/notifications\/unsubscribe\?token=/),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(mail!.html).toContain("Something about");
      expect(mail!.text).toContain(`Something about ${kind}.`);
      expect(await mailsWithKey(skipped.key), kind).toEqual([]);
    }
    // The master switch turns every kind off.
    const muted = await createSignedInUser();
    await api("PUT", "/api/users/notification-settings", muted.token, { emailNotifications: false });
    const none = message("applications", muted.user.id);
    await consume(none);
    expect(await mailsWithKey(none.key)).toEqual([]);
  });

  it("calls the referrer back through the queue when someone applies through their referral", async () => {
    const { referrer, referral } = await createMarket({ referral: { availableReferCount: null } });
    const applicant = await createSignedInUser();
    const applied = await api("POST", "/api/applications/card-apply", applicant.token, { referralId: referral.id });
    expect(applied.status).toBe(201);
    const mail = await latestEmailTo(referrer.user.email, undefined, 10_000);
    expect(mail?.subject).toMatch(/applied through your .* referral/);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toContain(`/dashboard/referrals/${referral.id}`);
  });

  it("mails a conversation at most once in 15 minutes (clock injected)", async () => {
    const member = await createSignedInUser();
    const sends: NotificationMessage[] = [];
    const ctx = { db: testDb(), notifications: { send: async (body: NotificationMessage) => void sends.push(body) } };
    const chatMail = (now: number, chatId = "chat-a") =>
      notify(ctx as never, {
        kind: "chat",
        userId: member.user.id,
        key: `chat:${chatId}:${now}`,
        throttle: { key: `chat:${chatId}`, windowMs: CHAT_MAIL_WINDOW_MS, now },
        content: { subject: "New message", lines: ["Hi"] },
      });
    const t0 = Date.UTC(2026, 10, 27, 8, 0);
    expect(await chatMail(t0)).toBe(true);
    expect(await chatMail(t0 + 5 * 60_000)).toBe(false);
    expect(await chatMail(t0 + 14 * 60_000)).toBe(false);
    // Another conversation has its own window.
    expect(await chatMail(t0 + 5 * 60_000, "chat-b")).toBe(true);
    expect(await chatMail(t0 + 15 * 60_000)).toBe(true);
    expect(sends.map((sent) => sent.key)).toEqual([
      `chat:chat-a:${t0}`,
      `chat:chat-b:${t0 + 5 * 60_000}`,
      `chat:chat-a:${t0 + 15 * 60_000}`,
    ]);
  });
});

describe("notifications: delivered on the queue", () => {
  it("retries a failing provider with backoff, then sends once however often the batch comes back", async () => {
    const member = await createSignedInUser();
    await fetch(`${FAKE_MAIL}/_fake/fail`, {
      method: "POST",
      body: JSON.stringify({ to: member.user.email, times: 2 }),
    });
    const body = message("outcomes", member.user.id);
    // Production's backoff: 30 s, then twice as long.
    const production = { NOTIFICATION_RETRY_SECONDS: "30" };
    const first = await consume(body, 1, production);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toEqual([{ msgId: `msg-${body.key}` }]);
    expect(first.delays).toEqual([30]);
    const second = await consume(body, 2, production);
    expect(second.retryMessages).toEqual([{ msgId: `msg-${body.key}` }]);
    expect(second.delays).toEqual([60]);
    expect(await providerSent(member.user.email)).toEqual([]);

    expect((await consume(body, 3, production)).explicitAcks).toEqual([`msg-${body.key}`]);
    // The same message delivered again (a retried batch) sends nothing more.
    expect((await consume(body, 4, production)).explicitAcks).toEqual([`msg-${body.key}`]);
    const sent = (await providerSent(member.user.email)) as { idempotencyKey: string; headers: object }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      idempotencyKey: `${body.key}:email`,
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(await mailsWithKey(body.key)).toHaveLength(1);
  });

  it("delivers a batch's messages at once, each acknowledged or retried on its own", async () => {
    const members = await Promise.all([createSignedInUser(), createSignedInUser(), createSignedInUser()]);
    await fetch(`${FAKE_MAIL}/_fake/fail`, {
      method: "POST",
      body: JSON.stringify({ to: members[2]!.user.email, times: 1 }),
    });
    const bodies = members.map((member) => message("outcomes", member.user.id));
    // The provider's calls are held until all three are in flight (or 3 s pass: one at a time).
    const realFetch = globalThis.fetch;
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => {};
    const allIn = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (!String(input instanceof Request ? input.url : input).startsWith(FAKE_MAIL)) return realFetch(input, init);
      most = Math.max(most, ++inFlight);
      if (inFlight === bodies.length) release();
      await Promise.race([allIn, new Promise((resolve) => setTimeout(resolve, 3000))]);
      try {
        return await realFetch(input, init);
      } finally {
        inFlight--;
      }
    });
    try {
      const batch = createMessageBatch<NotificationMessage>(
        "cardshare-notifications",
        bodies.map((body) => ({ id: `msg-${body.key}`, timestamp: new Date(), attempts: 1, body })),
      );
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(most).toBe(3);
      expect(result.explicitAcks.sort()).toEqual(
        bodies
          .slice(0, 2)
          .map((body) => `msg-${body.key}`)
          .sort(),
      );
      expect(result.retryMessages).toEqual([{ msgId: `msg-${bodies[2]!.key}` }]);
    } finally {
      spy.mockRestore();
    }
  });

  it("puts a message in the dead-letter queue after the last retry (miniflare's queues, as in production)", async () => {
    const member = await createSignedInUser();
    await fetch(`${FAKE_MAIL}/_fake/fail`, {
      method: "POST",
      body: JSON.stringify({ to: member.user.email, times: 100 }),
    });
    const body = message("disputes", member.user.id);
    await env.NOTIFICATIONS.send(body);
    const started = Date.now();
    let dead: (typeof notificationDeadLetters.$inferSelect)[] = [];
    while (dead.length === 0 && Date.now() - started < 45_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      dead = await testDb()
        .select()
        .from(notificationDeadLetters)
        .where(eq(notificationDeadLetters.idempotencyKey, body.key));
    }
    expect(dead).toEqual([expect.objectContaining({ userId: member.user.id, kind: "disputes" })]);
    // The first try and wrangler.toml's 5 retries, all refused; nothing sent.
    expect(await providerRefused(member.user.email)).toBe(6);
    expect(await providerSent(member.user.email)).toEqual([]);
  }, 60_000);
});

describe("notifications: settings and one-click unsubscribe", () => {
  const unsubscribe = (token: string) =>
    fetchPath(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });

  it("turns exactly one kind off without signing in", async () => {
    const member = await createSignedInUser();
    const token = await signUnsubscribe(appEnv(), {
      userId: member.user.id,
      kind: "chat",
      channel: "email",
      expiresAt: Date.now() + 60_000,
    });
    const page = await fetchPath(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await readKindSettings(testDb(), member.user.id)).toMatchObject({ chat: { email: true } });

    const response = await unsubscribe(token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("no more emails for");
    const settings = await readKindSettings(testDb(), member.user.id);
    for (const kind of NOTIFICATION_KINDS) {
      expect(settings[kind].email, kind).toBe(kind !== "chat" && KIND_INFO[kind].defaultOn);
    }
  });

  it("refuses a forged or expired token in words and changes nothing", async () => {
    const member = await createSignedInUser();
    const grant = { userId: member.user.id, kind: "applications" as const, channel: "email" as const };
    const valid = await signUnsubscribe(appEnv(), { ...grant, expiresAt: Date.now() + 60_000 });
    const forged = valid.replace(".applications.", ".outcomes.");
    const otherSecret = await signUnsubscribe(
      { SESSION_SECRET: "another-secret-of-16-chars" },
      { ...grant, expiresAt: Date.now() + 60_000 },
    );
    const expired = await signUnsubscribe(appEnv(), { ...grant, expiresAt: Date.now() - 1 });
    for (const [token, words] of [
      [forged, "not valid"],
      [otherSecret, "not valid"],
      ["garbage", "not valid"],
      [expired, "expired"],
    ] as const) {
      const response = await unsubscribe(token);
      expect(response.status, token).toBe(400);
      expect(await response.text()).toContain(words);
      expect((await fetchPath(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    }
    const settings = await readKindSettings(testDb(), member.user.id);
    expect(settings.applications.email && settings.outcomes.email).toBe(true);
  });

  it("refuses an unknown kind or channel through the API by name, changing nothing", async () => {
    const member = await createSignedInUser();
    for (const kinds of [{ spam: { email: false } }, { chat: { pigeon: false } }]) {
      const response = await api("PUT", "/api/users/notification-settings", member.token, {
        emailNotifications: false,
        kinds,
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toMatch(
        /spam.{0,4} is not a kind of notification|pigeon.{0,4} is not a way/,
      );
    }
    const user = await testDb().select().from(users).where(eq(users.id, member.user.id)).get();
    expect(user?.emailNotifications).toBe(true);
    expect(await readKindSettings(testDb(), member.user.id)).toMatchObject({ chat: { email: true } });
  });
});
