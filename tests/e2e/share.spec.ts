import type { APIRequestContext, Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { cardSlug } from "../../app/core/card-slug";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  apiAs,
  chaseReferralLink,
  createReferral,
  expect,
  latestEmail,
  registerOnAuthPage,
  test,
  type TestUser,
} from "./fixtures";

const PASSWORD = "journey-passw0rd";

/** A referral of a new card with its public code. */
async function sharedReferral(request: APIRequestContext, referrer: TestUser) {
  const { referralId, cardName } = await createReferral(request, referrer);
  const { data } = await apiAs(request, referrer).get<{ data: { code: string } }>(
    `/api/referrals/card-refer/id/${referralId}`,
  );
  return { referralId, cardName, code: data.code };
}

/** Fills and sends the Register tab; returns the new address. */
const register = (page: Page) => registerOnAuthPage(page, PASSWORD);

/** The path and query of the newest verification link sent to `email`. */
async function verificationLink(request: APIRequestContext, email: string) {
  const message = await latestEmail(request, email, "Verify your email for Cardshare");
  const link = new URL(message.links[0]);
  return `${link.pathname}${link.search}`;
}

test.describe("shared referrals", () => {
  test("a visitor opens a shared referral, registers, verifies and lands back on it", async ({
    page,
    request,
    createUser,
  }) => {
    const referrer = await createUser({ firstName: "Rhea", lastName: "Share" });
    const { referralId, cardName, code } = await sharedReferral(request, referrer);

    await page.goto(`/r/${code}`);
    await expect(page.getByRole("heading", { level: 1, name: cardName })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rhea Share" })).toBeVisible();
    // The link itself stays behind sign-in: not on the page, not in its data.
    expect(await page.content()).not.toContain("refer.journey.example");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/r/${code}$`));
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
    const email = await register(page);
    const link = await verificationLink(request, email);
    expect(new URL(link, "http://x").searchParams.get("redirectTo")).toBe(`/r/${code}`);

    await page.goto(link);
    await expect(page.getByText("Your email has been verified. You are now signed in.")).toBeVisible();
    await page.waitForURL(new RegExp(`/apply/${referralId}$`), { timeout: 10_000 });
    await expect(page.getByRole("heading", { level: 1, name: cardName })).toBeVisible();
  });

  test("Sign in and Google sign-in come back to the shared referral", async ({
    page,
    request,
    createUser,
    context,
  }) => {
    const referrer = await createUser();
    const member = await createUser({ password: PASSWORD });
    const { referralId, code } = await sharedReferral(request, referrer);

    await page.goto(`/r/${code}`);
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(new RegExp(`/apply/${referralId}$`));

    await context.clearCookies();
    await page.goto(`/r/${code}`);
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { name: "Fake Google sign-in (test only)" })).toBeVisible();
    await page.getByLabel("Email").fill(`${uniqueSuffix()}@gmail.test`);
    await page.getByLabel("First name").fill("Gwen");
    await page.getByRole("button", { name: "Continue as this account" }).click();
    await page.waitForURL(new RegExp(`/apply/${referralId}$`));
  });

  test("a referral that takes no more applicants says so with its card's page", async ({
    page,
    request,
    createUser,
  }) => {
    const referrer = await createUser();
    const { referralId, cardName, code } = await sharedReferral(request, referrer);
    await apiAs(request, referrer).post(`/api/referrals/card-refer/mark-inactive/${referralId}`);
    const response = await page.goto(`/r/${code}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This referral is no longer available" })).toBeVisible();
    // A catalogue card has a public page: the way on is its other referrals.
    await expect(page.getByRole("link", { name: `See ${cardName} referrals` })).toBeVisible();
    expect((await page.goto("/r/nosuchcode"))?.status()).toBe(404);
  });

  test("Join as an applicant continues to /apply after verifying", async ({ page, request }) => {
    await page.goto("/");
    await page
      .getByRole("link", { name: /Join as an applicant/i })
      .first()
      .click();
    const email = await register(page);
    const link = await verificationLink(request, email);
    expect(new URL(link, "http://x").searchParams.get("redirectTo")).toBe("/apply");
    await page.goto("/auth?tab=register&as=referrer");
    await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/refer");
  });
});

test.describe("shared referrals without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("register from a shared referral, verify and land back on it", async ({ page, request, createUser }) => {
    const referrer = await createUser();
    const { referralId, code } = await sharedReferral(request, referrer);
    await page.goto(`/r/${code}`);
    await page.getByRole("link", { name: "Sign up" }).click();
    const email = await register(page);
    const link = await verificationLink(request, email);
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByText("Your email has been verified. You are now signed in.")).toBeVisible();
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/${referralId}$`));
  });
});

test.describe("card pages", () => {
  test("a card page lists every referral for the card, in the sitemap too", async ({
    page,
    request,
    loginAsAdmin,
    createUser,
    context,
  }) => {
    const admin = await loginAsAdmin();
    const name = `Share Card ${uniqueSuffix()}`;
    const created = await apiAs(request, admin).post<{ _id: string }>("/api/credit-cards", {
      name,
      issuer: "Chase",
      category: "Travel",
      annualFee: 95,
      referralBonus: 20000,
      applyBenefitWithReferral: "Earn 60,000 bonus points after $4,000 in 3 months",
    });
    const referrers = await Promise.all([
      createUser({ firstName: "Ada", lastName: "One" }),
      createUser({ firstName: "Bo", lastName: "Two" }),
      createUser({ firstName: "Cy", lastName: "Three" }),
    ]);
    for (const [index, referrer] of referrers.entries()) {
      await apiAs(request, referrer).post("/api/referrals/card-refer/generate", {
        creditCardId: created._id,
        referralLink: chaseReferralLink(),
        sharingBenefitPortion: index * 10,
        ...(index > 0 ? { specialReferrerBonus: { amount: 100, unit: "USD" } } : {}),
      });
    }
    await context.clearCookies();
    const slug = cardSlug(name);
    await page.goto(`/cards/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Earn 60,000 bonus points after $4,000 in 3 months")).toBeVisible();
    await expect(page.getByRole("heading", { name: "3 referrals for this card" })).toBeVisible();
    // One list, no table beside it (issue 31).
    await expect(page.getByRole("table")).toHaveCount(0);
    for (const person of ["Ada One", "Bo Two", "Cy Three"]) {
      await expect(page.getByRole("heading", { name: new RegExp(`^${person}`) })).toBeVisible();
    }
    await expect(page.getByRole("list", { name: `Referrals for ${name}` }).getByRole("listitem")).toHaveCount(3);
    expect(await page.content()).not.toContain("refer.share.example");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${name} referrals | Cardshare`);
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute(
      "href",
      `/auth?tab=register&redirectTo=${encodeURIComponent(`/cards/${slug}`)}`,
    );
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/cards?q=${encodeURIComponent(name)}`);
    await page.getByRole("list", { name: "Cards" }).getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/cards/${slug}$`));

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/cards/${slug}</loc>`);
    expect(sitemap).toContain("/terms</loc>");
    expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect((await page.goto("/cards/no-such-card"))?.status()).toBe(404);
  });
});

test.describe("referrer tools", () => {
  test("a referrer edits a referral, shares it and sees its applicants", async ({
    page,
    request,
    login,
    createUser,
    context,
  }) => {
    const referrer = await login({ firstName: "Owen", lastName: "Owner" });
    const { referralId, code } = await sharedReferral(request, referrer);
    const applicant = await createUser({ firstName: "Ann", lastName: "Applicant" });
    await apiAs(request, applicant).post("/api/applications/card-apply", { referralId });

    await page.goto("/dashboard/my-referrals");
    await expect(page.getByRole("link", { name: "View Details" }).first()).toBeVisible();
    await page.goto(`/apply/${referralId}`);
    await expect(page.getByRole("heading", { name: "This is your referral" })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`/r/${code}$`) })).toBeVisible();
    await page.getByRole("link", { name: "Edit and see applicants" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/referrals/${referralId}$`));

    const applicants = page.getByRole("region", { name: /Applicants/ });
    await expect(applicants.getByRole("rowheader", { name: "Ann Applicant" })).toBeVisible();
    await expect(applicants.getByRole("cell", { name: "Applied", exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A share makes the special bonus required: Save says why, in the creation's words.
    await page.getByRole("radio", { name: "20%" }).check();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
    await expect(page.getByText("Please enter your special referral bonus amount").first()).toBeVisible();
    await page.getByLabel("Bonus amount").fill("150");
    await page.getByLabel("Available referrals").fill("4");
    await page.getByLabel("Additional info").fill("Edited in the journey");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Referral updated" })).toBeVisible();

    const { data } = await apiAs(request, referrer).get<{
      data: { sharingBenefitPortion: number; availableReferCount: number; additionalInfo: string };
    }>(`/api/referrals/card-refer/id/${referralId}`);
    expect(data).toMatchObject({
      sharingBenefitPortion: 20,
      availableReferCount: 4,
      additionalInfo: "Edited in the journey",
    });

    // Someone else's referral: refused on the page and through the API.
    await context.clearCookies();
    const other = await login();
    expect((await page.goto(`/dashboard/referrals/${referralId}`))?.status()).toBe(403);
    const put = await request.put(`/api/referrals/card-refer/${referralId}`, {
      headers: { Authorization: `Bearer ${other.token}` },
      data: { creditCardId: "x", referralLink: "https://refer.journey.example/x" },
    });
    expect([400, 403]).toContain(put.status());
  });
});

test.describe("referrer tools without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the edit form posts and shows the creation's messages", async ({ page, request, login }) => {
    const referrer = await login();
    const { referralId, code } = await sharedReferral(request, referrer);
    await page.goto(`/dashboard/referrals/${referralId}`);
    await expect(page.getByRole("link", { name: new RegExp(`/r/${code}$`) })).toBeVisible();
    await page.getByRole("radio", { name: "30%" }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Please enter your special referral bonus amount").first()).toBeVisible();
    await page.getByLabel("Referral link").fill("http://not-https.example/x");
    await page.getByLabel("Bonus amount").fill("90");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter the full link, starting with https://").first()).toBeVisible();
    await page.getByLabel("Referral link").fill("https://www.referyourchasecard.com/new-link");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/referrals/${referralId}$`));
    await expect(page.getByLabel("Referral link")).toHaveValue("https://www.referyourchasecard.com/new-link");
  });
});
