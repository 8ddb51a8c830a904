import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema";
import worker from "../../server";
import { KIND_INFO, NOTIFICATION_KINDS, type NotificationKind } from "~/modules/notifications/kinds";
import type { NotificationMessage } from "~/modules/notifications/messages.server";
import { testNotification } from "./notification-message";
import { pushPayload } from "~/modules/notifications/push-delivery.server";
import { PUSH_MESSAGES } from "~/modules/notifications/push-subscriptions.server";
import { readKindSettings } from "~/modules/notifications/settings.server";
import { parseEnv } from "~/utils/env.server";
import { DEV_VAPID } from "../fixtures/fake-push";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { decryptPush, newTestBrowser, pushServiceAnswers, receivedBy, type TestBrowser } from "./push-helpers";

const PUSH_API = "/api/users/push-subscriptions";

function pushMessage(kind: NotificationKind, userId: string) {
  return testNotification(kind, userId, {
    key: `push-test:${crypto.randomUUID()}`,
    subject: `About ${kind}`,
    lines: [`Something about ${kind}.`, "Ünïcode too."],
    path: "/dashboard/referrals",
  });
}

/** The queue's consumer on one message, as the queue would run it (attempt `attempts`). */
async function deliver(body: NotificationMessage, attempts = 1) {
  const batch = createMessageBatch<NotificationMessage>("cardshare-notifications", [
    { id: body.key, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** A member with push on for one new browser (through the API, as Personal Info's script does). */
async function memberWithPush() {
  const member = await createSignedInUser();
  const browser = await newTestBrowser();
  const subscribed = await api("POST", PUSH_API, member.token, browser.subscription);
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
  return { ...member, browser };
}

const storedFor = (userId: string) =>
  testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function decryptedPushes(browser: TestBrowser) {
  return Promise.all((await receivedBy(browser)).map((push) => decryptPush(browser, push.body)));
}

describe("Web Push: the push channel of the notifications queue", () => {
  it("encrypts the push for the browser (aes128gcm, VAPID-signed): it decrypts to what was sent, once even when retried", async () => {
    const member = await memberWithPush();
    const sent = pushMessage("applications", member.user.id);
    expect((await deliver(sent)).explicitAcks).toEqual([sent.key]);

    const [push] = await receivedBy(member.browser);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.headers["authorization"]).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${DEV_VAPID.VAPID_PUBLIC_KEY}$`),
    );
    expect(Number(push!.headers["ttl"])).toBeGreaterThan(0);
    const expected = pushPayload(parseEnv(env as unknown as Record<string, unknown>), sent.key, sent.content);
    expect(JSON.parse(await decryptPush(member.browser, push!.body))).toEqual(expected);
    expect(expected).toMatchObject({
      title: "About applications",
      body: "Something about applications.\nÜnïcode too.",
      url: "http://localhost:8787/dashboard/referrals",
    });

    // The batch retried (e.g. the mail provider failed after the push went): no second push.
    expect((await deliver(sent, 2)).explicitAcks).toEqual([sent.key]);
    expect(await receivedBy(member.browser)).toHaveLength(1);
  });

  it("pushes each kind when its push switch is on and not when it is off; email's master switch leaves push alone", async () => {
    const on = await memberWithPush();
    const off = await memberWithPush();
    // A kind off by default (the digest) is on once chosen.
    const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { push: true }]));
    expect((await api("PUT", "/api/users/notification-settings", on.token, { kinds: allOn })).status).toBe(200);
    const allOff = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { push: false }]));
    const saved = await api("PUT", "/api/users/notification-settings", off.token, { kinds: allOff });
    expect(saved.status).toBe(200);
    expect(Object.values(saved.body.kinds)).toEqual(
      NOTIFICATION_KINDS.map((kind) => ({ email: KIND_INFO[kind].defaultOn, push: false })),
    );
    for (const [index, kind] of NOTIFICATION_KINDS.entries()) {
      await deliver(pushMessage(kind, on.user.id));
      await deliver(pushMessage(kind, off.user.id));
      const pushed = await decryptedPushes(on.browser);
      expect(pushed, kind).toHaveLength(index + 1);
      expect(pushed[index], kind).toContain(`About ${kind}`);
      expect(await receivedBy(off.browser), kind).toEqual([]);
    }
    const muted = await memberWithPush();
    await api("PUT", "/api/users/notification-settings", muted.token, { emailNotifications: false });
    await deliver(pushMessage("outcomes", muted.user.id));
    expect(await receivedBy(muted.browser)).toHaveLength(1);
  });

  it("forgets a browser the push service answers 410 or 404 for, and retries on any other failure", async () => {
    for (const status of [410, 404]) {
      const member = await memberWithPush();
      await pushServiceAnswers(member.browser, status);
      const sent = pushMessage("disputes", member.user.id);
      expect((await deliver(sent)).explicitAcks).toEqual([sent.key]);
      expect(await storedFor(member.user.id), String(status)).toEqual([]);
    }
    const member = await memberWithPush();
    await pushServiceAnswers(member.browser, 503);
    const sent = pushMessage("disputes", member.user.id);
    expect((await deliver(sent)).retryMessages).toEqual([expect.objectContaining({ msgId: sent.key })]);
    expect(await storedFor(member.user.id)).toHaveLength(1);
  });

  it("refuses a bad subscription in words and keeps nothing", async () => {
    const member = await createSignedInUser();
    const good = (await newTestBrowser()).subscription;
    const cases: [string, unknown, number, RegExp][] = [
      ["http", { ...good, endpoint: "http://push.fake.test/push/x" }, 400, /must be an https:\/\/ address/],
      ["loopback", { ...good, endpoint: "https://127.0.0.1/push/x" }, 400, /not a local or private address/],
      ["loopback in hex", { ...good, endpoint: "https://0x7f.1/push/x" }, 400, /not a local or private address/],
      ["localhost", { ...good, endpoint: "https://localhost:8443/push" }, 400, /not a local or private address/],
      ["private", { ...good, endpoint: "https://192.168.1.20/push" }, 400, /not a local or private address/],
      ["private 10/8", { ...good, endpoint: "https://10.1.2.3/push" }, 400, /not a local or private address/],
      ["IPv6 loopback", { ...good, endpoint: "https://[::1]/push" }, 400, /not a local or private address/],
      ["IPv6 unique-local", { ...good, endpoint: "https://[fd00::1]/push" }, 400, /not a local or private address/],
      ["not a URL", { ...good, endpoint: "push me" }, 400, /not a web address/],
      [
        "long endpoint",
        { ...good, endpoint: `https://push.fake.test/${"a".repeat(1100)}` },
        400,
        /at most 1024 characters/,
      ],
      ["short key", { ...good, keys: { ...good.keys, p256dh: "AAAA" } }, 400, /65 bytes/],
      ["short auth", { ...good, keys: { ...good.keys, auth: "AAAA" } }, 400, /must be 16 bytes/],
      ["unknown field", { ...good, extra: 1 }, 400, /leave out "extra"/],
      ["unknown key", { ...good, keys: { ...good.keys, other: "x" } }, 400, /leave out "other"/],
      ["oversized", { ...good, expirationTime: null, padding: "x".repeat(5000) }, 413, /too large/],
    ];
    for (const [name, body, status, message] of cases) {
      const answer = await api("POST", PUSH_API, member.token, body);
      expect(answer.status, name).toBe(status);
      expect(answer.body.message, name).toMatch(message);
    }
    expect(await storedFor(member.user.id)).toEqual([]);
    expect((await api("POST", PUSH_API, null, good)).status).toBe(401);
  });

  it("turns push off only for the member's own browser", async () => {
    const member = await memberWithPush();
    const other = await createSignedInUser();
    const endpoint = member.browser.subscription.endpoint;
    const refused = await api("DELETE", PUSH_API, other.token, { endpoint });
    expect(refused).toMatchObject({ status: 404, body: { message: PUSH_MESSAGES.notFound } });
    expect(await storedFor(member.user.id)).toHaveLength(1);
    const listed = await api("GET", PUSH_API, member.token);
    expect(listed.body).toMatchObject({ publicKey: DEV_VAPID.VAPID_PUBLIC_KEY, devices: [{ endpoint }] });
    const removed = await api("DELETE", PUSH_API, member.token, { endpoint });
    expect(removed).toMatchObject({ status: 200, body: { devices: [] } });
    expect(await storedFor(member.user.id)).toEqual([]);
  });
});

describe("Personal Info without JavaScript: push switches and browsers", () => {
  it("saves each kind's email and push switch from the form, and turns a browser off", async () => {
    const member = await memberWithPush();
    const page = await (await fetchPath("/dashboard/personal-info", { headers: { Cookie: member.cookie } })).text();
    expect(page).toContain('name="push_chat"');
    expect(page).toContain("needs JavaScript");
    expect(page).toContain(member.browser.subscription.endpoint);
    // Everything on but chat by push and disputes by email (an unchecked box is absent).
    const fields: Record<string, string> = { intent: "notifications", emailNotifications: "on" };
    for (const kind of NOTIFICATION_KINDS) {
      if (kind !== "disputes") fields[`email_${kind}`] = "on";
      if (kind !== "chat") fields[`push_${kind}`] = "on";
    }
    expect((await postPageForm("/dashboard/personal-info", member.cookie, fields)).status).toBe(302);
    const settings = await readKindSettings(testDb(), member.user.id);
    expect(settings.chat).toEqual({ email: true, push: false });
    expect(settings.disputes).toEqual({ email: false, push: true });
    expect(settings.outcomes).toEqual({ email: true, push: true });

    const off = await postPageForm("/dashboard/personal-info", member.cookie, {
      intent: "pushOff",
      endpoint: member.browser.subscription.endpoint,
    });
    expect(off.status).toBe(302);
    expect(await storedFor(member.user.id)).toEqual([]);
  });
});
