import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, referrals, tips } from "../../db/schema";
import { FAKE_CHECKOUT_ORIGIN, FAKE_STRIPE_WEBHOOK_SECRET } from "../fixtures/fake-stripe";
import { createSignedInUser, fetchPath, fetchWithEnv, ORIGIN, postJson, testDb } from "./helpers";

const SUCCESS_URL = `${ORIGIN}/payment-success?amount=3`;
const CANCEL_URL = `${ORIGIN}/payment-cancel`;

async function createReferral() {
  const owner = await createSignedInUser();
  const card = makeCard();
  await testDb().insert(creditCards).values(card);
  const referral = makeReferral(owner.user.id, card.id);
  await testDb().insert(referrals).values(referral);
  return { referral, card };
}

/** What the fake Stripe received for a checkout session (read from the test, through the same edge). */
async function sentToStripe(sessionId: string) {
  const response = await fetch(`https://stripe.fake.test/_fake/sessions/${sessionId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { session: Record<string, unknown>; params: Record<string, string> };
}

const tipsOfSession = (sessionId: string) =>
  testDb().select().from(tips).where(eq(tips.stripeSessionId, sessionId)).all();

let eventCounter = 0;
/** A `checkout.session.completed` delivery as Stripe sends it, signed with the SDK's test helper. */
async function completedEvent(
  options: {
    sessionId?: string;
    eventId?: string;
    userId?: string | null;
    amount?: number;
    type?: string;
    paymentStatus?: string;
    secret?: string;
    timestamp?: number;
  } = {},
) {
  eventCounter += 1;
  const sessionId = options.sessionId ?? `cs_test_hook${eventCounter}${crypto.randomUUID().slice(0, 8)}`;
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_test_${eventCounter}${crypto.randomUUID().slice(0, 8)}`,
    object: "event",
    type: options.type ?? "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: options.paymentStatus ?? "paid",
        amount_total: options.amount ?? 300,
        currency: "usd",
        client_reference_id: options.userId ?? null,
        metadata: { userId: options.userId ?? "", referralId: "" },
      },
    },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, signature, sessionId };
}

/** Delivers a webhook the way Stripe does: a POST with no Origin, no cookie, the raw JSON body. */
function deliver(payload: string, signature: string | null) {
  return fetchPath("/api/payments/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
    body: payload,
  });
}

/** A $3 checkout session requested through the API under changed variables. */
function createSessionWithEnv(overrides: Partial<Env>, userId: string, token: string) {
  return fetchWithEnv("/api/payments/create-checkout-session", overrides, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount: 3, userId, referralId: null, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL }),
  });
}

/** The <TipOptions/> form as a browser posts it from My Applications (a page navigation). */
function postTipForm(cookie: string, fields: Record<string, string>, env?: Partial<Env>) {
  const init = {
    method: "POST",
    redirect: "manual" as const,
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ redirectTo: "/dashboard/my-applications", ...fields }).toString(),
  };
  return env ? fetchWithEnv("/tips/checkout", env, init) : fetchPath("/tips/checkout", init);
}

describe("POST /api/payments/create-checkout-session (real SDK against the fake Stripe)", () => {
  it("creates a payment session for the tip with our return URLs, the tipper and the referral", async () => {
    const { user, token } = await createSignedInUser();
    const { referral } = await createReferral();
    const { response, body } = await postJson(
      "/api/payments/create-checkout-session",
      { amount: 3, userId: user.id, referralId: referral.id, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    expect(body.success).toBe(true);
    const sessionUrl = new URL(body.sessionUrl as string);
    expect(sessionUrl.origin).toBe(FAKE_CHECKOUT_ORIGIN);

    const { session, params } = await sentToStripe(body.sessionId as string);
    expect(session.url).toBe(body.sessionUrl);
    expect(params).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "300",
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      client_reference_id: user.id,
      customer_email: user.email,
      "metadata[userId]": user.id,
      "metadata[referralId]": referral.id,
    });
    // Creating a session records nothing: only the verified webhook does.
    expect(await tipsOfSession(body.sessionId as string)).toHaveLength(0);
  });

  it("accepts referralId null", async () => {
    const { user, token } = await createSignedInUser();
    const { response, body } = await postJson(
      "/api/payments/create-checkout-session",
      { amount: 1, userId: user.id, referralId: null, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    const { params } = await sentToStripe(body.sessionId as string);
    expect(params["line_items[0][price_data][unit_amount]"]).toBe("100");
    expect(params["metadata[referralId]"]).toBe("");
  });

  it.each([2, 0, -3, 3.5, "five", 500])("refuses the amount %s with a 400", async (amount) => {
    const { user, token } = await createSignedInUser();
    const { response, body } = await postJson(
      "/api/payments/create-checkout-session",
      { amount, userId: user.id, referralId: null, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ success: false, errors: { amount: "Choose a tip of $1, $3 or $5." } });
  });

  it.each([
    ["successUrl", "https://evil.example/payment-success"],
    ["cancelUrl", "http://localhost:8787.evil.example/payment-cancel"],
    ["successUrl", "javascript:alert(1)"],
  ])("refuses a foreign %s (%s) with a 400", async (field, url) => {
    const { user, token } = await createSignedInUser();
    const { response, body } = await postJson(
      "/api/payments/create-checkout-session",
      { amount: 3, userId: user.id, referralId: null, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL, [field]: url },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(400);
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors as object)).toContain(field);
  });

  it("refuses to pay as someone else (403), signed out (401) and for an unknown referral (404)", async () => {
    const { token } = await createSignedInUser();
    const other = await createSignedInUser();
    const input = {
      amount: 3,
      userId: other.user.id,
      referralId: null,
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    };
    expect(
      (await postJson("/api/payments/create-checkout-session", input, { Authorization: `Bearer ${token}` })).response
        .status,
    ).toBe(403);
    expect((await postJson("/api/payments/create-checkout-session", input)).response.status).toBe(401);
    const unknown = await postJson(
      "/api/payments/create-checkout-session",
      { ...input, referralId: "nosuchreferral" },
      { Authorization: `Bearer ${other.token}` },
    );
    expect(unknown.response.status).toBe(404);
  });

  it("answers the spec's payment error when Stripe refuses the request", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, token } = await createSignedInUser();
    const response = await createSessionWithEnv({ STRIPE_SECRET_KEY: "sk_test_revoked" }, user.id, token);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      success: false,
      message: "Unable to process payment. Please try again later.",
    });
    expect(logged).toHaveBeenCalledWith("Stripe checkout session failed", expect.anything());
    logged.mockRestore();
  });
});

describe("POST /api/payments/create-payment-intent", () => {
  it("creates a PaymentIntent for the tip amount and returns its client secret", async () => {
    const { token } = await createSignedInUser();
    const { response, body } = await postJson(
      "/api/payments/create-payment-intent",
      { amount: 5 },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    expect(body.clientSecret).toMatch(/^pi_test_\w+_secret_/);
    const refused = await postJson(
      "/api/payments/create-payment-intent",
      { amount: 4 },
      { Authorization: `Bearer ${token}` },
    );
    expect(refused.response.status).toBe(400);
    const unknownReferral = await postJson(
      "/api/payments/create-payment-intent",
      { amount: 5, referralId: "no-such-referral" },
      { Authorization: `Bearer ${token}` },
    );
    expect(unknownReferral.response.status).toBe(404);
    expect(unknownReferral.body.message).toBe("Referral Not Found");
  });
});

describe("POST /tips/checkout (the <TipOptions/> form, no JavaScript needed)", () => {
  it("redirects the browser to Stripe's checkout page", async () => {
    const { cookie } = await createSignedInUser();
    const response = await postTipForm(cookie, { amount: "5" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin).toBe(FAKE_CHECKOUT_ORIGIN);
    const { params } = await sentToStripe(location.pathname.split("/").pop()!);
    expect(params.success_url).toBe(`${ORIGIN}/payment-success?amount=5`);
    expect(params.cancel_url).toBe(`${ORIGIN}/payment-cancel`);
  });

  it("goes back to the form's page with the spec's error when Stripe fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { cookie } = await createSignedInUser();
    const response = await postTipForm(cookie, { amount: "3" }, { STRIPE_SECRET_KEY: "sk_test_revoked" });
    logged.mockRestore();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/my-applications");
    const page = await fetchPath("/", { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0] } });
    expect(await page.text()).toContain("Unable to process payment. Please try again later.");
  });

  it("refuses an amount outside $1/$3/$5 and sends visitors to sign in first", async () => {
    const { cookie } = await createSignedInUser();
    const wrong = await postTipForm(cookie, { amount: "4" });
    expect(wrong.headers.get("Location")).toBe("/dashboard/my-applications");
    const visitor = await postTipForm("", { amount: "3" });
    expect(visitor.headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/dashboard/my-applications")}`,
    );
  });
});

describe("POST /api/payments/webhook", () => {
  it("records a tip from a verified checkout.session.completed, with Stripe's amount and currency", async () => {
    const { user } = await createSignedInUser();
    const { payload, signature, sessionId } = await completedEvent({ userId: user.id, amount: 500 });
    const response = await deliver(payload, signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, received: true, status: "recorded" });
    const rows = await tipsOfSession(sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, referralId: null, amount: 500, currency: "usd" });
  });

  it.each([
    ["a wrong secret", { secret: "whsec_someone_else" }],
    ["a stale timestamp", { timestamp: Math.floor(Date.now() / 1000) - 600 }],
  ])("refuses %s with a 400 and records nothing", async (_label, options) => {
    const { payload, signature, sessionId } = await completedEvent(options);
    const response = await deliver(payload, signature);
    expect(response.status).toBe(400);
    expect(await tipsOfSession(sessionId)).toHaveLength(0);
  });

  it("refuses a missing signature and a tampered body", async () => {
    const { payload, signature, sessionId } = await completedEvent();
    expect((await deliver(payload, null)).status).toBe(400);
    expect((await deliver(payload.replace('"amount_total":300', '"amount_total":30000'), signature)).status).toBe(400);
    expect(await tipsOfSession(sessionId)).toHaveLength(0);
  });

  it("records once when the same event is delivered twice", async () => {
    const { payload, signature, sessionId } = await completedEvent();
    expect(await (await deliver(payload, signature)).json()).toMatchObject({ status: "recorded" });
    expect(await (await deliver(payload, signature)).json()).toMatchObject({ status: "duplicate" });
    expect(await tipsOfSession(sessionId)).toHaveLength(1);
  });

  it("records once when duplicates arrive concurrently, per event and per checkout session", async () => {
    const same = await completedEvent();
    const responses = await Promise.all(Array.from({ length: 6 }, () => deliver(same.payload, same.signature)));
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    expect(await tipsOfSession(same.sessionId)).toHaveLength(1);

    // Two different events about one session (Stripe resending under a new id) are one tip too.
    const first = await completedEvent();
    const second = await completedEvent({ sessionId: first.sessionId });
    await Promise.all([deliver(first.payload, first.signature), deliver(second.payload, second.signature)]);
    expect(await tipsOfSession(first.sessionId)).toHaveLength(1);
  });

  it("acknowledges events it does not use and unpaid sessions without recording", async () => {
    const other = await completedEvent({ type: "checkout.session.expired" });
    expect(await (await deliver(other.payload, other.signature)).json()).toMatchObject({ status: "ignored" });
    const unpaid = await completedEvent({ paymentStatus: "unpaid" });
    expect(await (await deliver(unpaid.payload, unpaid.signature)).json()).toMatchObject({ status: "ignored" });
    expect(await tipsOfSession(other.sessionId)).toHaveLength(0);
    expect(await tipsOfSession(unpaid.sessionId)).toHaveLength(0);
  });

  it("keeps the tip when the tipper no longer exists", async () => {
    const { payload, signature, sessionId } = await completedEvent({ userId: "deleteduser" });
    expect((await deliver(payload, signature)).status).toBe(200);
    expect((await tipsOfSession(sessionId))[0]).toMatchObject({ userId: null, amount: 300 });
  });
});

describe("the local test checkout (development without a Stripe key)", () => {
  const noStripe = { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
  const browser = (cookie: string) => ({ Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host });

  async function startTestCheckout(cookie: string, amount = "3") {
    const response = await postTipForm(cookie, { amount }, noStripe);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/tips/test-checkout`);
    return location.searchParams.get("session")!;
  }

  function submit(cookie: string, session: string, intent: "pay" | "cancel") {
    return fetchWithEnv("/tips/test-checkout", noStripe, {
      method: "POST",
      redirect: "manual",
      headers: { ...browser(cookie), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session, intent }).toString(),
    });
  }

  it("is clearly a test, pays through the signed webhook path once, and lands on /payment-success", async () => {
    const { user, cookie } = await createSignedInUser();
    const session = await startTestCheckout(cookie);
    const page = await fetchWithEnv(`/tips/test-checkout?session=${encodeURIComponent(session)}`, noStripe, {
      headers: browser(cookie),
    });
    const html = await page.text();
    expect(html).toContain("Test mode");
    expect(html).toContain("No real payment is made");

    const paid = await submit(cookie, session, "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`${ORIGIN}/payment-success?amount=3`);
    const again = await submit(cookie, session, "pay");
    expect(again.status).toBe(303);
    const rows = await testDb().select().from(tips).where(eq(tips.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 300, currency: "usd" });
    expect(rows[0].stripeSessionId).toMatch(/^cs_local_/);
    expect(rows[0].stripeEventId).toMatch(/^evt_local_/);
  });

  it("cancel lands on /payment-cancel and records nothing; another user's session is a 404", async () => {
    const { user, cookie } = await createSignedInUser();
    const session = await startTestCheckout(cookie, "1");
    const stranger = await createSignedInUser();
    expect((await submit(stranger.cookie, session, "pay")).status).toBe(404);
    const cancelled = await submit(cookie, session, "cancel");
    expect(cancelled.headers.get("Location")).toBe(`${ORIGIN}/payment-cancel`);
    expect(await testDb().select().from(tips).where(eq(tips.userId, user.id)).all()).toHaveLength(0);
  });

  it("refuses a forged session token", async () => {
    const { cookie } = await createSignedInUser();
    const session = await startTestCheckout(cookie);
    const [payload] = session.split(".");
    const forged = `${payload.slice(0, -2)}AA.${session.split(".")[1]}`;
    expect((await submit(cookie, forged, "pay")).status).toBe(404);
  });

  it("is not served to a public host, even with ENVIRONMENT=development", async () => {
    const { cookie, user, token } = await createSignedInUser();
    const session = await startTestCheckout(cookie);
    const publicHost = "https://cardshare.example";
    const page = await fetchWithEnv(`${publicHost}/tips/test-checkout?session=${session}`, noStripe, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(404);
    const api = await fetchWithEnv(`${publicHost}/api/payments/create-checkout-session`, noStripe, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        amount: 3,
        userId: user.id,
        referralId: null,
        successUrl: SUCCESS_URL,
        cancelUrl: CANCEL_URL,
      }),
    });
    expect(api.status).toBe(503);
  });

  it("does not exist in production, where tips without a key are unavailable", async () => {
    const production = { ...noStripe, ENVIRONMENT: "production" };
    const { cookie, user, token } = await createSignedInUser();
    expect((await fetchWithEnv("/tips/test-checkout?session=x", production, { headers: browser(cookie) })).status).toBe(
      404,
    );
    const api = await createSessionWithEnv(production, user.id, token);
    expect(api.status).toBe(503);
    // Nothing signs webhooks without a secret, so nothing can be recorded.
    const event = await completedEvent();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const hook = await fetchWithEnv("/api/payments/webhook", production, {
      method: "POST",
      headers: { "Stripe-Signature": event.signature },
      body: event.payload,
    });
    expect(hook.status).toBe(400);
    expect(logged).toHaveBeenCalledWith("Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
    logged.mockRestore();
  });
});

describe("tip result pages", () => {
  it("/payment-success shows the toast and the amount, /payment-cancel its toast; neither records", async () => {
    const before = (await testDb().select({ id: tips.id }).from(tips).all()).length;
    const success = await (await fetchPath("/payment-success?amount=3")).text();
    expect(success).toContain("Payment successful! Thank you for your support.");
    expect(success).toContain("Your tip of $3 was processed.");
    expect(success).toContain('href="/dashboard"');
    const cancel = await (await fetchPath("/payment-cancel")).text();
    expect(cancel).toContain("Payment was cancelled.");
    expect(cancel).toContain('href="/dashboard"');
    expect((await testDb().select({ id: tips.id }).from(tips).all()).length).toBe(before);
  });
});

describe("/admin/tips", () => {
  it("is for admins only", async () => {
    const { cookie } = await createSignedInUser();
    const response = await fetchPath("/admin/tips", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("shows the total and pages through every tip, newest first, without repeats", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const { user } = await createSignedInUser();
    const { card } = await createReferral();
    const { payload, signature } = await completedEvent({ userId: user.id, amount: 300 });
    await deliver(payload, signature);

    const page = await (await fetchPath("/admin/tips", { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain(user.username);
    const all = await testDb().select({ amount: tips.amount, id: tips.id }).from(tips).all();
    const total = all.reduce((sum, tip) => sum + tip.amount, 0) / 100;
    expect(page).toMatch(new RegExp(`data-testid="tips-count"[^>]*>${all.length}<`));
    expect(page).toContain(`$${total.toLocaleString("en-US", { maximumFractionDigits: 2 })}`);
    expect(card.name).toBeTruthy();

    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const url: string = cursor ? `/admin/tips?cursor=${encodeURIComponent(cursor)}` : "/admin/tips";
      const html = await (await fetchPath(url, { headers: { Cookie: admin.cookie } })).text();
      for (const match of html.matchAll(/>(cs_[a-z]+_[\w]+)</g)) {
        expect(seen.has(match[1])).toBe(false);
        seen.add(match[1]);
      }
      cursor = /href="\/admin\/tips\?cursor=([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
      if (cursor) cursor = decodeURIComponent(cursor);
      else break;
    }
    expect(seen.size).toBe(all.length);
  });
});

describe("payment routes answer bad requests with a clear 4xx, never a 500", () => {
  it("GET on the webhook and the tip form's action is a 405 naming POST, logging nothing", async () => {
    const logged = vi.spyOn(console, "error");
    for (const path of ["/api/payments/webhook", "/api/payments/create-checkout-session", "/tips/checkout"]) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("POST");
      expect(await response.text(), path).not.toContain("Unexpected Server Error");
    }
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("refuses JSON, plain text and broken multipart on the tip forms with 415 / 400", async () => {
    const { cookie } = await createSignedInUser();
    const noStripe = { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
    const bodies: [Record<string, string>, string, number][] = [
      [{ "Content-Type": "application/json" }, JSON.stringify({ amount: 3 }), 415],
      [{ "Content-Type": "text/plain" }, "amount=3", 415],
      [
        { "Content-Type": "multipart/form-data; boundary=cut" },
        '--cut\r\nContent-Disposition: form-data; name="amount"\r\n\r\n3',
        400,
      ],
    ];
    const logged = vi.spyOn(console, "error");
    for (const path of ["/tips/checkout", "/tips/test-checkout"]) {
      for (const [headers, body, status] of bodies) {
        const init = {
          method: "POST",
          redirect: "manual" as const,
          headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host, ...headers },
          body,
        };
        const response = await fetchWithEnv(path, noStripe, init);
        expect(response.status, `${path} ${headers["Content-Type"]}`).toBe(status);
      }
    }
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
