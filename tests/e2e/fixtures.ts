import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../../db/seed/demo";
import { SESSION_COOKIE } from "../../app/modules/auth/session.server";
import { DEFAULT_PRIVACY } from "../../app/modules/users/privacy";

/** The password every fixture user gets unless a test chooses one. */
export const TEST_PASSWORD = "Fixture-passw0rd";

export interface NewUser {
  firstName?: string;
  lastName?: string;
  password?: string;
  /** Leave the email unverified (the account then cannot sign in with its password). */
  unverified?: boolean;
  privacy?: Partial<Record<"showFullName" | "showEmail" | "showReferrals" | "showApplications", boolean>>;
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** A bearer token for /api calls as this user; empty for an unverified account. */
  token: string;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Creates an account the way a person does, through the app's own API: register, open the link
 * from the dev outbox, and keep the session token that verification returns. Nothing writes to the
 * database behind the server's back, so tests can run in parallel.
 */
async function createAccount(request: APIRequestContext, options: NewUser = {}): Promise<TestUser> {
  const suffix = uniqueSuffix();
  const password = options.password ?? TEST_PASSWORD;
  const input = {
    username: `e2e_${suffix}`,
    email: `e2e_${suffix}@example.test`,
    firstName: options.firstName ?? "Test",
    lastName: options.lastName ?? "User",
    password,
    confirmPassword: password,
  };
  await json(await request.post("/api/users/register", { data: input }));
  const user: TestUser = { id: "", ...input, token: "" };
  const { links } = await latestEmail(request, input.email);
  // An unverified account has no session yet, so neither a token nor a known id.
  if (options.unverified) return user;
  const token = new URL(links[0]).searchParams.get("token") ?? "";
  const verified = await json<{ token: string; user: { _id: string } }>(
    await request.post("/api/users/verify-email", { data: { token } }),
  );
  const signedIn = { ...user, id: verified.user._id, token: verified.token };
  if (options.privacy) {
    await apiAs(request, signedIn).put("/api/users/privacy-settings", { ...DEFAULT_PRIVACY, ...options.privacy });
  }
  return signedIn;
}

/** Signs in with the email and password through the API, as an API client would. */
export async function signIn(request: APIRequestContext, email: string, password: string): Promise<TestUser> {
  const body = await json<{ token: string; user: TestUser & { _id: string } }>(
    await request.post("/api/users/login", { data: { email, password } }),
  );
  return { ...body.user, id: body.user._id, password, token: body.token };
}

/** Switches the browser context to `user` (another person at the same browser). */
export async function signInAs(context: BrowserContext, baseURL: string, user: Pick<TestUser, "token">) {
  await context.clearCookies({ name: SESSION_COOKIE });
  await context.addCookies([
    { name: SESSION_COOKIE, value: user.token, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** A separate browser (own cookies; JavaScript on unless asked) signed in as `user`. */
export async function browserFor(
  browser: Browser,
  baseURL: string,
  user: Pick<TestUser, "token">,
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAs(context, baseURL, user);
  return { context, page: await context.newPage() };
}

/** /api calls as a user (bearer token), failing loudly on an error status. */
export function apiAs(request: APIRequestContext, user: Pick<TestUser, "token">) {
  const headers = { Authorization: `Bearer ${user.token}` };
  return {
    get: async <T = Record<string, unknown>>(path: string) => json<T>(await request.get(path, { headers })),
    post: async <T = Record<string, unknown>>(path: string, data?: unknown) =>
      json<T>(await request.post(path, { headers, data })),
    put: async <T = Record<string, unknown>>(path: string, data?: unknown) =>
      json<T>(await request.put(path, { headers, data })),
    delete: async <T = Record<string, unknown>>(path: string) => json<T>(await request.delete(path, { headers })),
  };
}

/**
 * Fixtures: `createUser` makes a verified account (signed in nowhere); `login` also puts its session
 * cookie in the page's browser context; `loginAsAdmin` signs the browser in as the seeded admin.
 */
export const test = base.extend<{
  createUser: (options?: NewUser) => Promise<TestUser>;
  login: (options?: NewUser) => Promise<TestUser>;
  loginAsAdmin: () => Promise<TestUser>;
}>({
  createUser: async ({ request }, use) => {
    await use((options) => createAccount(request, options));
  },
  login: async ({ request, context, baseURL }, use) => {
    await use(async (options) => {
      const user = await createAccount(request, options);
      await signInAs(context, baseURL!, user);
      return user;
    });
  },
  loginAsAdmin: async ({ request, context, baseURL }, use) => {
    await use(async () => {
      const admin = await signIn(request, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
      await signInAs(context, baseURL!, admin);
      return admin;
    });
  },
});

export { expect } from "@playwright/test";

/**
 * The flash toast a page shows without JavaScript: in a <noscript>, which Playwright's accessibility
 * queries do not read, so its HTML is checked.
 */
export async function expectNoScriptToast(page: Page, text: string) {
  expect(await page.locator("noscript").first().innerHTML()).toContain(text);
}

/** The newest email to an address in the dev outbox (/dev/mail.json), waiting for it to arrive. */
export async function latestEmail(
  request: APIRequestContext,
  to: string,
  subject?: string,
): Promise<{ subject: string; links: string[] }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const messages = (await (await request.get("/dev/mail.json")).json()) as {
      to: string;
      subject: string;
      links: string[];
    }[];
    const found = messages.find((message) => message.to === to && (!subject || message.subject === subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email to ${to}`);
}

/** The seeded admin's session for fixtures, signed in once per worker (sign-ins are rate limited). */
let fixtureAdmin: Promise<TestUser> | null = null;
const adminForFixtures = (request: APIRequestContext) =>
  (fixtureAdmin ??= signIn(request, DEMO_ADMIN_EMAIL, DEMO_PASSWORD));

/**
 * A live referral of a new catalogue card, created through the API: the card by the seeded admin
 * (issuer Chase, so a link on Chase's referral site goes live at once), the referral as `referrer`.
 * A member's own 'Other' card would wait for an admin's review (docs/decisions/155).
 */
export async function createReferral(request: APIRequestContext, referrer: Pick<TestUser, "token">) {
  const cardName = `Journey Card ${uniqueSuffix()}`;
  const cardId = await createCatalogueCard(request, { name: cardName });
  const { data } = await apiAs(request, referrer).post<{ data: { _id: string } }>(
    "/api/referrals/card-refer/generate",
    { creditCardId: cardId, referralLink: chaseReferralLink(), sharingBenefitPortion: 0 },
  );
  return { referralId: data._id, cardName };
}

/** A new card in the catalogue, added by the seeded admin through the API (Chase unless told). */
export async function createCatalogueCard(
  request: APIRequestContext,
  fields: Record<string, unknown> & { name: string },
) {
  const admin = await adminForFixtures(request);
  const card = await apiAs(request, admin).post<{ _id: string }>("/api/credit-cards", {
    issuer: "Chase",
    category: "Rewards",
    annualFee: 0,
    referralBonus: { amount: 100, unit: "USD" },
    description: "A card for the journey.",
    ...fields,
  });
  return card._id;
}

/**
 * Sends `content` to a chat through /api as `sender`, and returns once D1 has it (the /api GET reads
 * D1). The chat's room takes a message first and mirrors it to D1 a moment later (ADR 040): a page
 * without JavaScript, which reads only D1, rendered in between shows the chat without it and never
 * catches up (a page with JavaScript gets it from the room's catch-up).
 */
export async function sendChatMessage(
  request: APIRequestContext,
  sender: Pick<TestUser, "token">,
  chatId: string,
  content: string,
) {
  const { data } = await apiAs(request, sender).post<{ data: { id: string } }>(`/api/chats/${chatId}/messages`, {
    content,
  });
  await expect
    .poll(async () => {
      const chat = await apiAs(request, sender).get<{ data: { messages: { id: string }[] } }>(`/api/chats/${chatId}`);
      return chat.data.messages.map((message) => message.id);
    }, `message ${data.id} in D1`)
    .toContain(data.id);
  return data;
}

/** A unique link on a host listed for Chase (migration 0014), so its referral goes live at once. */
export const chaseReferralLink = () => `https://www.referyourchasecard.com/journey/${uniqueSuffix()}`;

/** A unique link on a host listed for each seeded issuer the tests use. */
const LISTED_HOSTS: Record<string, string> = {
  Chase: "www.referyourchasecard.com",
  "Capital One": "i.capitalone.com",
  Citi: "www.citi.com",
  "American Express": "www.americanexpress.com",
};
export function listedReferralLink(issuer: string) {
  const host = LISTED_HOSTS[issuer];
  if (!host) throw new Error(`no listed host for ${issuer} in the fixtures`);
  return `https://${host}/refer/${uniqueSuffix()}`;
}

/** Fills and sends the Register tab of /auth with a new address and `password`; returns the address. */
export async function registerOnAuthPage(page: Page, password: string, prefix = "e2e") {
  const name = `${prefix}${uniqueSuffix()}`.slice(0, 24);
  const email = `${name}@example.test`;
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\/verify-pending/);
  return email;
}
