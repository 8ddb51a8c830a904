/**
 * The market a visitor sees before joining (issue 31): the landing's live market, Browse cards, a
 * filter of the catalogue, a card page, a referral's public page, then sign up, verify and back on
 * that referral signed in; with and without JavaScript. Screenshots of each screen at 1280 and 390 px.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { cardSlug } from "../../app/core/card-slug";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  apiAs,
  chaseReferralLink,
  createCatalogueCard,
  expect,
  latestEmail,
  registerOnAuthPage,
  test,
  type TestUser,
} from "./fixtures";
import { screenPath } from "./screens";

const PASSWORD = "market-passw0rd";

/** A new Travel card by Chase with one referral sharing 25% of a $200 bonus: $50, agreed up front. */
async function marketCard(request: APIRequestContext, referrer: TestUser) {
  const name = `Market Card ${uniqueSuffix()}`;
  const cardId = await createCatalogueCard(request, {
    name,
    category: "Travel",
    annualFee: 95,
    applyBenefitWithReferral: "Earn 60,000 bonus points after $4,000 in 3 months",
  });
  const { data } = await apiAs(request, referrer).post<{ data: { _id: string } }>(
    "/api/referrals/card-refer/generate",
    {
      creditCardId: cardId,
      referralLink: chaseReferralLink(),
      sharingBenefitPortion: 25,
      specialReferrerBonus: { amount: 200, unit: "USD" },
    },
  );
  const { data: shown } = await apiAs(request, referrer).get<{ data: { code: string } }>(
    `/api/referrals/card-refer/id/${data._id}`,
  );
  return { name, slug: cardSlug(name), referralId: data._id, code: shown.code };
}

/** Both widths of the page shown, back at 1280 px after. */
async function screens(page: Page, file: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: screenPath(`${file}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a visitor's way into the market ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    // Eight screenshots and two accessibility checks on the way, on a shared machine.
    test.describe.configure({ timeout: 120_000 });

    test("landing, Browse cards, a filter, a card page, a referral's page, sign up, verify, back on it", async ({
      page,
      request,
      createUser,
    }) => {
      const referrer = await createUser({ firstName: "Rhea", lastName: "Market" });
      const card = await marketCard(request, referrer);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Referrals on Cardshare today" })).toBeVisible();
      await expect(page.getByRole("definition").first()).toHaveText(/\d/);
      await expect(page.getByText("Illustrative sample offers", { exact: false })).toBeVisible();
      // "Browse cards" in the header, the hero and the footer.
      for (const where of ["banner", "main", "contentinfo"] as const) {
        await expect(page.getByRole(where).getByRole("link", { name: "Browse cards" }).first()).toHaveAttribute(
          "href",
          "/cards",
        );
      }
      // The stylesheet is in the head: no render-blocking request before the first paint.
      await expect(page.locator('head style[id="site-css"]')).toHaveCount(1);
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      if (javaScriptEnabled) await screens(page, "landing");
      await page.getByRole("banner").getByRole("link", { name: "Browse cards" }).click();
      await expect(page).toHaveURL(/\/cards$/);
      await expect(page.getByRole("heading", { level: 1, name: "Browse cards" })).toBeVisible();
      // Still styled after hydration and a navigation (the body is a flex column by the stylesheet).
      await expect(page.locator("body")).toHaveCSS("display", "flex");
      if (javaScriptEnabled) await screens(page, "cards");

      // Search by name, then a filter: with JavaScript the select sends the form, without it Search does.
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill(card.name);
      await search.press("Enter");
      await expect(page).toHaveURL(/q=Market/);
      await page.getByLabel("Category").selectOption("Travel");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/category=Travel/);
      const tile = page.getByRole("list", { name: "Cards" }).getByRole("listitem").filter({ hasText: card.name });
      await expect(tile).toHaveCount(1);
      await expect(tile.getByTestId("live-referrals")).toHaveText("1");
      await expect(tile).toContainText("Up to $50");
      await tile.getByRole("link", { name: card.name }).click();

      await expect(page).toHaveURL(new RegExp(`/cards/${card.slug}$`));
      await expect(page.getByRole("heading", { level: 1, name: card.name })).toBeVisible();
      await expect(page.getByRole("heading", { name: "1 referral for this card" })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      const referrals = page.getByRole("list", { name: `Referrals for ${card.name}` }).getByRole("listitem");
      await expect(referrals).toHaveCount(1);
      await expect(referrals).toContainText("$50 by a method agreed in chat");
      await expect(referrals).toContainText("Slots left");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screens(page, "card-page");
      }
      await page.getByRole("link", { name: "Details: Rhea Market's referral" }).click();

      await expect(page).toHaveURL(new RegExp(`/r/${card.code}$`));
      await expect(page.getByRole("heading", { level: 1, name: card.name })).toBeVisible();
      await expect(page.getByText("$50 by a method agreed in chat").first()).toBeVisible();
      await expect(page.getByText("Earn 60,000 bonus points after $4,000 in 3 months")).toBeVisible();
      await expect(page.getByRole("heading", { name: /Latest reviews of Rhea/ })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" })).toBeVisible();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screens(page, "shared-referral");
      }

      await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
      const email = await registerOnAuthPage(page, PASSWORD, "mk");
      const message = await latestEmail(request, email, "Verify your email for Cardshare");
      const link = new URL(message.links[0]);
      expect(link.searchParams.get("redirectTo")).toBe(`/r/${card.code}`);
      await page.goto(`${link.pathname}${link.search}`);
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page.getByText("Your email has been verified. You are now signed in.")).toBeVisible();
      if (javaScriptEnabled) await page.waitForURL(new RegExp(`/apply/${card.referralId}$`), { timeout: 10_000 });
      else await page.getByRole("link", { name: "Continue" }).click();
      // Back on that referral, signed in: its own page, the referral's link within reach.
      await expect(page).toHaveURL(new RegExp(`/apply/${card.referralId}$`));
      await expect(page.getByRole("heading", { level: 1, name: card.name })).toBeVisible();
    });
  });
}

test("the catalogue pages by keyset and sorts without JavaScript on a phone", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/cards?sort=fee");
  const fees = await page.getByRole("list", { name: "Cards" }).getByRole("listitem").allTextContents();
  expect(fees.length).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "More cards" })).toBeVisible();
  await page.getByRole("link", { name: "More cards" }).click();
  await expect(page).toHaveURL(/sort=fee&after=/);
  const next = await page.getByRole("list", { name: "Cards" }).getByRole("listitem").allTextContents();
  expect(next.filter((text) => fees.includes(text))).toEqual([]);
  // No horizontal scroll on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
