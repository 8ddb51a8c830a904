/**
 * The /api contract from the outside (issue 29): a realistic client sequence, written with the
 * client a third party would generate from /api/openapi.json (openapi-typescript's types in
 * tests/api-client/openapi.ts, openapi-fetch; `tsc` checks every call against them), sent to the
 * real Worker that Playwright's server runs, each request and answer checked by outside OpenAPI
 * validators (api-contract/contract.ts). It fails on any violation either way, and prints the calls
 * made, the operations covered and the violations. No browser: it runs in Playwright's Node worker.
 */
import { expect, test } from "@playwright/test";
import createClient from "openapi-fetch";
import { uniqueSuffix } from "../../db/factories";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../../db/seed/demo";
import type { paths } from "../api-client/openapi";
import { chaseReferralLink } from "./fixtures";
import { Contract } from "./api-contract/contract";

const PASSWORD = "Contract-passw0rd";

let contract: Contract;

// The figures, printed whether the sequence went through or stopped at a call.
test.afterEach(() => console.log(contract.summary()));

test("a client generated from the document: every call within the contract, both ways", async ({ baseURL }) => {
  test.setTimeout(90_000);
  contract = await Contract.load(baseURL!);
  // Its own client address, so its sign-ups and sign-ins count in buckets of their own.
  const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

  /** A client as a third party writes it: the generated types, a bearer token once signed in. */
  const clientFor = (token?: string) => {
    const client = createClient<paths>({
      baseUrl: baseURL,
      headers: { "CF-Connecting-IP": address, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    client.use(contract.middleware);
    return client;
  };
  const visitor = clientFor();

  /** The answer's payload, or a failure naming the call and what came back. */
  function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
    if (result.data === undefined) {
      throw new Error(`${result.response.url} answered ${result.response.status}: ${JSON.stringify(result.error)}`);
    }
    return result.data;
  }

  /** A call whose answer is one of `statuses` (a refusal the document lists, or an outside service off). */
  async function answered(call: Promise<{ response: Response; error?: unknown }>, ...statuses: number[]) {
    const { response, error } = await call;
    expect(statuses, `${response.url} answered ${response.status}: ${JSON.stringify(error)}`).toContain(
      response.status,
    );
  }

  /** Registers, opens the verification link from the development outbox, and signs in. */
  async function member(firstName: string) {
    const suffix = uniqueSuffix();
    const email = `contract_${suffix}@example.test`;
    ok(
      await visitor.POST("/api/users/register", {
        body: {
          username: `contract_${suffix}`,
          email,
          firstName,
          lastName: "Client",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    );
    let token = "";
    for (let attempt = 0; attempt < 50 && !token; attempt++) {
      const outbox = (await (await fetch(new URL("/dev/mail.json", baseURL))).json()) as {
        to: string;
        links: string[];
      }[];
      const link = outbox.find((message) => message.to === email)?.links[0];
      token = link ? (new URL(link).searchParams.get("token") ?? "") : "";
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    ok(await visitor.POST("/api/users/verify-email", { body: { token } }));
    const signedIn = ok(await visitor.POST("/api/users/login", { body: { email, password: PASSWORD } }));
    return { id: signedIn.user._id, username: signedIn.user.username, client: clientFor(signedIn.token) };
  }

  // Anyone: the service's own documents and health.
  ok(await visitor.GET("/api/health"));
  ok(await visitor.GET("/api/openapi.json"));
  ok(await visitor.GET("/api/docs", { parseAs: "text" }));
  // Refusals are in the contract too: a link that is no link, a call without a session.
  const badLink = await contract.refused(() =>
    visitor.GET("/api/users/verify-email", { params: { query: { token: "not-a-token" } } }),
  );
  expect(badLink.response.status).toBe(400);
  expect((await visitor.GET("/api/users/me")).response.status).toBe(401);

  // The admin adds a card to the catalogue (Chase, so a link on its referral site goes live at once).
  const admin = clientFor(
    ok(await visitor.POST("/api/users/login", { body: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD } })).token,
  );
  const card = ok(
    await admin.POST("/api/credit-cards", {
      body: {
        name: `Contract Card ${uniqueSuffix()}`,
        issuer: "Chase",
        category: "Rewards",
        annualFee: 95,
        referralBonus: { amount: 100, unit: "USD" },
        description: "A card for the contract test.",
      },
    }),
  );
  ok(await admin.GET("/api/credit-cards/{id}", { params: { path: { id: card._id } } }));

  const referrer = await member("Rita");
  const applicant = await member("Abe");

  // The catalogue, as a member reads it: no page size given (the server's default).
  const cards = ok(await referrer.client.GET("/api/credit-cards"));
  expect(cards.data.length).toBeGreaterThan(0);
  ok(await referrer.client.GET("/api/credit-cards/by-issuer", { params: { query: { issuer: "Chase" } } }));

  // A referral, created with only what the server needs, then edited by its owner.
  const created = ok(
    await referrer.client.POST("/api/referrals/card-refer/generate", {
      body: { creditCardId: card._id, referralLink: chaseReferralLink() },
    }),
  );
  const referralId = created.data._id;
  ok(
    await referrer.client.PUT("/api/referrals/card-refer/{userId}", {
      params: { path: { userId: referralId } },
      body: {
        creditCardId: card._id,
        referralLink: created.data.referralLink!,
        additionalInfo: "Apply online; the bonus posts after the first statement.",
        // A share, so the application has one to dispute below.
        sharingBenefitPortion: 10,
        specialReferrerBonus: { amount: 100, unit: "USD" },
      },
    }),
  );
  ok(
    await referrer.client.POST("/api/referrals/card-refer/confirm-link/{id}", { params: { path: { id: referralId } } }),
  );
  const referral = ok(
    await applicant.client.GET("/api/referrals/card-refer/id/{id}", { params: { path: { id: referralId } } }),
  );
  ok(
    await applicant.client.GET("/api/referrals/card-refer/code/{code}", {
      params: { path: { code: referral.data.code! } },
    }),
  );
  ok(await applicant.client.GET("/api/referrals/card-refer/active", { params: { query: { card: card._id } } }));
  ok(await applicant.client.GET("/api/referrals/card-refer/{userId}", { params: { path: { userId: referrer.id } } }));
  ok(await referrer.client.GET("/api/referrals/card-refer/analytics"));
  expect(
    (await applicant.client.GET("/api/referrals/card-refer/id/{id}", { params: { path: { id: "no-such-referral" } } }))
      .response.status,
  ).toBe(404);
  // A body the server refuses: the 400 names the fields.
  const refusal = await contract.refused(() =>
    referrer.client.POST("/api/referrals/card-refer/generate", { body: { creditCardId: "", referralLink: "" } }),
  );
  expect(refusal.response.status).toBe(400);
  expect(Object.keys(refusal.error?.errors ?? {})).toEqual(expect.arrayContaining(["creditCardId", "referralLink"]));

  // Applying through it, and both sides' views of the application.
  const applied = ok(await applicant.client.POST("/api/applications/card-apply", { body: { referralId } }));
  const applicationId = applied.data._id;
  ok(await applicant.client.GET("/api/applications/card-apply"));
  ok(await applicant.client.GET("/api/applications/card-apply/{id}", { params: { path: { id: applicationId } } }));
  ok(await applicant.client.GET("/api/applications/user/{userId}", { params: { path: { userId: applicant.id } } }));
  ok(await referrer.client.GET("/api/applications/referral/{referralId}", { params: { path: { referralId } } }));
  ok(
    await referrer.client.GET("/api/applications/referrer/{referrerId}", {
      params: { path: { referrerId: referrer.id } },
    }),
  );

  // The outcome, step by step from both sides, and the applicant's own status.
  ok(
    await referrer.client.POST("/api/applications/card-apply/{id}/outcome", {
      params: { path: { id: applicationId } },
      body: { step: "bonus-posted" },
    }),
  );
  const received = ok(
    await applicant.client.POST("/api/applications/card-apply/{id}/outcome", {
      params: { path: { id: applicationId } },
      body: { step: "bonus-received" },
    }),
  );
  expect(received.data.outcome.steps.map((step) => step.step)).toEqual(["bonus-posted", "bonus-received"]);
  const updated = ok(
    await applicant.client.PUT("/api/applications/card-apply/{id}", {
      params: { path: { id: applicationId } },
      body: { status: "successful" },
    }),
  );
  expect(updated.data.status).toBe("successful");

  // A review and the referrer's reply.
  const review = ok(
    await applicant.client.POST("/api/referrals/card-refer/comment", {
      body: { commentType: "applicantToReferrer", referralId, rating: 5, comment: "Quick and clear, thank you." },
    }),
  );
  ok(
    await referrer.client.POST("/api/referrals/card-refer/comment", {
      body: {
        commentType: "referrerReply",
        referralId,
        originalCommentId: review.data._id,
        comment: "Glad it worked out.",
      },
    }),
  );
  // The first impression confirmed now that the outcome is in: the review is verified.
  const confirmed = ok(
    await applicant.client.POST("/api/applications/card-apply/{id}/rating", {
      params: { path: { id: applicationId } },
      body: { rating: 4 },
    }),
  );
  expect(confirmed.data).toMatchObject({ confirmedRating: 4, verifiedOutcome: true });
  // The share disputed: the referrer answers with a note, an admin decides.
  ok(
    await applicant.client.POST("/api/applications/card-apply/{id}/outcome", {
      params: { path: { id: applicationId } },
      body: { step: "share-not-received", note: "Nothing arrived yet." },
    }),
  );
  ok(
    await referrer.client.POST("/api/applications/card-apply/{id}/dispute/answer", {
      params: { path: { id: applicationId } },
      body: { answer: "Sent by Zelle on the 3rd." },
    }),
  );
  const decided = ok(
    await admin.POST("/api/applications/card-apply/{id}/dispute/decision", {
      params: { path: { id: applicationId } },
      body: { decision: "dismissed", reason: "The Zelle receipt shows it." },
    }),
  );
  expect(decided.data.outcome.dispute).toMatchObject({ decision: "dismissed", stage: "closed" });
  ok(
    await applicant.client.GET("/api/referrals/card-refer/comments/{referralId}", { params: { path: { referralId } } }),
  );
  ok(
    await applicant.client.GET("/api/applications/comments/{applicationId}", {
      params: { path: { applicationId } },
    }),
  );
  ok(await visitor.GET("/api/users/profile/{id}/reviews", { params: { path: { id: referrer.id } } }));

  // A chat about the referral, read marks without a body (now) and with one.
  const recipients = ok(
    await applicant.client.GET("/api/chats/recipients", { params: { query: { q: referrer.username } } }),
  );
  expect(recipients.data.map((recipient) => recipient.id)).toContain(referrer.id);
  const chat = ok(await applicant.client.POST("/api/chats", { body: { targetUserId: referrer.id, referralId } }));
  const chatId = chat.id;
  ok(
    await applicant.client.POST("/api/chats/{id}/messages", {
      params: { path: { id: chatId } },
      body: { content: "Hello! Does the bonus need a minimum spend?" },
    }),
  );
  expect(ok(await referrer.client.GET("/api/chats/unread")).count).toBeGreaterThan(0);
  ok(await referrer.client.GET("/api/chats"));
  ok(await referrer.client.GET("/api/chats/{id}", { params: { path: { id: chatId } } }));
  ok(await referrer.client.POST("/api/chats/{id}/read", { params: { path: { id: chatId } } }));
  ok(
    await applicant.client.POST("/api/chats/{id}/read", {
      params: { path: { id: chatId } },
      body: { timestamp: Date.now() },
    }),
  );

  // A report, and a block that is lifted again.
  ok(
    await applicant.client.POST("/api/reports", {
      body: { targetType: "referral", targetId: referralId, reason: "offer-expired", note: "The page says it ended." },
    }),
  );
  ok(await referrer.client.POST("/api/users/{id}/block", { params: { path: { id: applicant.id } } }));
  expect(
    ok(await referrer.client.GET("/api/users/profile/{id}", { params: { path: { id: applicant.id } } })).data
      .blockedByYou,
  ).toBe(true);
  ok(await referrer.client.DELETE("/api/users/{id}/block", { params: { path: { id: applicant.id } } }));

  // One's own account: profile, settings, the data export; then signing out.
  ok(await referrer.client.GET("/api/users/me"));
  ok(
    await referrer.client.PUT("/api/users/privacy-settings", {
      body: { showFullName: true, showEmail: false, showReferrals: true, showApplications: false },
    }),
  );
  ok(await referrer.client.PUT("/api/users/notification-settings", { body: { emailNotifications: false } }));
  // Push on for one browser (its subscription as PushManager gives it), listed, then off again.
  const browserKey = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const subscription = {
    endpoint: `https://push.example.com/send/${uniqueSuffix()}`,
    expirationTime: null,
    keys: {
      p256dh: Buffer.from(await crypto.subtle.exportKey("raw", browserKey.publicKey)).toString("base64url"),
      auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
    },
  };
  ok(await referrer.client.POST("/api/users/push-subscriptions", { body: subscription }));
  expect(ok(await referrer.client.GET("/api/users/push-subscriptions")).devices).toHaveLength(1);
  ok(await referrer.client.DELETE("/api/users/push-subscriptions", { body: { endpoint: subscription.endpoint } }));
  const exported = ok(await referrer.client.GET("/api/users/me/export"));
  expect(exported.referrals.map((row) => row.id)).toContain(referralId);
  expect(exported.outcomes.map((row) => row.step)).toEqual(["bonus-posted", "bonus-received", "share-not-received"]);
  ok(await applicant.client.GET("/api/users/me/export"));
  ok(
    await referrer.client.POST("/api/referrals/card-refer/mark-inactive/{id}", {
      params: { path: { id: referralId } },
    }),
  );
  ok(await referrer.client.POST("/api/referrals/card-refer/reopen/{id}", { params: { path: { id: referralId } } }));

  // The rest of the writes: the preview, the catalogue's admin side, a member's own card.
  await answered(
    referrer.client.POST("/api/referrals/card-refer/process", {
      body: {
        creditCardId: card._id,
        referralLink: chaseReferralLink(),
        sharingBenefitPortion: 10,
        specialReferrerBonus: { amount: 50, unit: "USD" },
      },
    }),
    200,
    409,
  );
  ok(
    await admin.PUT("/api/credit-cards/{id}", {
      params: { path: { id: card._id } },
      body: {
        name: card.data.name,
        issuer: "Chase",
        category: "Rewards",
        description: "Renamed by the contract test.",
      },
    }),
  );
  const ownCard = ok(
    await referrer.client.POST("/api/credit-cards/simple", {
      body: { name: `Contract Own Card ${uniqueSuffix()}`, issuer: "Contract Bank", category: "Other", annualFee: 0 },
    }),
  );
  ok(await admin.DELETE("/api/credit-cards/{id}", { params: { path: { id: ownCard._id } } }));
  // Applying twice through the older path is a conflict, which the document lists.
  await answered(applicant.client.POST("/api/referrals/card-refer/add-people", { body: { referralId } }), 409);
  ok(await referrer.client.DELETE("/api/chats/{id}", { params: { path: { id: chatId } } }));
  ok(await applicant.client.DELETE("/api/applications/card-apply/{id}", { params: { path: { id: applicationId } } }));

  // Tips: Stripe is not configured here, so 503 is the listed answer (a local test checkout may answer 200).
  await answered(
    applicant.client.POST("/api/payments/create-payment-intent", { body: { amount: 5, referralId } }),
    200,
    503,
  );
  await answered(
    applicant.client.POST("/api/payments/create-checkout-session", {
      body: {
        amount: 5,
        userId: applicant.id,
        referralId,
        successUrl: new URL("/payment/success", baseURL).href,
        cancelUrl: new URL("/payment/cancel", baseURL).href,
      },
    }),
    200,
    503,
  );
  // An unsigned delivery is refused.
  await answered(visitor.POST("/api/payments/webhook", { body: { type: "checkout.session.completed" } }), 400, 503);

  // Accounts: profile, password, the links by email, and deleting one.
  const me = ok(await referrer.client.GET("/api/users/me"));
  ok(
    await referrer.client.PUT("/api/users/profile", {
      body: { username: me.user.username, email: me.user.email, bio: "I refer cards I use." },
    }),
  );
  ok(
    await referrer.client.PUT("/api/users/update-profile", {
      body: { username: me.user.username, email: me.user.email, firstName: "Rita" },
    }),
  );
  ok(
    await applicant.client.PUT("/api/users/change-password", {
      body: { currentPassword: PASSWORD, newPassword: `${PASSWORD}-2` },
    }),
  );
  ok(await visitor.POST("/api/users/forgot-password", { body: { email: me.user.email } }));
  ok(await visitor.POST("/api/users/resend-verification", { body: { email: me.user.email } }));
  await answered(
    visitor.POST("/api/users/reset-password", {
      body: { token: "an-unknown-reset-token-000000", password: `${PASSWORD}-3`, confirmPassword: `${PASSWORD}-3` },
    }),
    400,
  );
  // Google sign-in with what Google never issued: refused (404 where Google sign-in is not configured).
  await answered(visitor.POST("/api/users/google-auth", { body: { idToken: "not-a-google-token" } }), 400, 401, 404);
  await answered(visitor.POST("/api/users/google-auth-code", { body: { code: "not-a-google-code" } }), 400, 401, 404);
  const leaving = await member("Lee");
  ok(await leaving.client.DELETE("/api/users/me", { body: { password: PASSWORD } }));
  ok(await applicant.client.POST("/api/users/logout"));

  expect(contract.violations).toEqual([]);
  // Every operation of the document was called: a new route joins the sequence.
  expect(contract.operations().filter((operation) => !contract.covered.has(operation))).toEqual([]);
});
