/**
 * Issue 16's applicant journeys: a full referral cannot be applied to, an applied one says so and
 * links to the application, and /apply's filters work at 390 px with and without JavaScript.
 */
import type { APIRequestContext } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, expect, listedReferralLink, test, type TestUser } from "./fixtures";

const BASE = "/api/referrals/card-refer";
const PHONE = { width: 390, height: 844 };

/** The page URL's parameters other than the rotation slot `r`, with nothing empty among them. */
function filtersOf(url: string) {
  const params = new URL(url).searchParams;
  for (const [key, value] of params) expect(value, `${key} is empty in ${url}`).not.toBe("");
  params.delete("r");
  return Object.fromEntries(params);
}

/** A listed catalogue card (the e2e database holds the demo catalogue): its id and slug. */
/** The issuer of each card catalogueCard found, for a link its issuer lists. */
const issuerOf = new Map<string, string>();

async function catalogueCard(request: APIRequestContext, user: TestUser, issuer: string, name: string) {
  const cards = await apiAs(request, user).get<{ data: { _id: string; name: string }[] }>(
    `/api/credit-cards?issuer=${encodeURIComponent(issuer)}`,
  );
  const card = cards.data.find((row) => row.name === name);
  if (!card) throw new Error(`no catalogue card ${name}`);
  issuerOf.set(card._id, issuer);
  return card._id;
}

async function publish(
  request: APIRequestContext,
  referrer: TestUser,
  creditCardId: string,
  extra: Record<string, unknown> = {},
) {
  const { data } = await apiAs(request, referrer).post<{ data: { _id: string } }>(`${BASE}/generate`, {
    creditCardId,
    referralLink: listedReferralLink(issuerOf.get(creditCardId) ?? ""),
    referrerCredit: 720,
    sharingBenefitPortion: 20,
    specialReferrerBonus: { amount: 150, unit: "USD" },
    ...extra,
  });
  return data._id;
}

test.describe("the applicant's referral page", () => {
  test("a full referral cannot be applied to; it points to the card's other referrals", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const referrer = await createUser();
    const other = await createUser();
    const first = await createUser();
    const cardId = await catalogueCard(request, referrer, "Chase", "Chase Sapphire Preferred Card");
    const full = await publish(request, referrer, cardId, { availableReferCount: 1 });
    await publish(request, other, cardId);
    await apiAs(request, first).post(`${BASE}/add-people`, { referralId: full });

    await login();
    await page.goto(`/apply/${full}`);
    await expect(page.getByRole("heading", { name: "Chase Sapphire Preferred Card" })).toBeVisible();
    await expect(page.getByText("75,000 points")).toBeVisible();
    await expect(page.getByText("≈ $750 est.")).toBeVisible();
    await expect(page.getByText("$30 by a method agreed in chat within 7 days of the bonus posting")).toBeVisible();
    const apply = page.getByRole("button", { name: "Apply with this Referral" });
    await expect(apply).toBeDisabled();
    await expect(page.getByRole("link", { name: /Apply with this Referral/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Already applied? Tell us" })).toHaveCount(0);
    const others = page.getByRole("link", { name: /^See \d+ other referrals? for this card$/ });
    await expect(others).toHaveAttribute("href", "/cards/chase-sapphire-preferred-card");
    await expectNoSeriousA11yViolations(page);

    // The dialog's step 1 is not offered by URL either, and the server refuses the answer.
    await page.goto(`/apply/${full}?step=1`);
    await expect(page.getByRole("dialog", { name: "Did you apply?" })).toHaveCount(0);
  });

  test("an applied referral says so and links to the application", async ({ page, request, createUser, login }) => {
    const referrer = await createUser();
    const cardId = await catalogueCard(request, referrer, "Capital One", "Capital One Venture Rewards Credit Card");
    const referralId = await publish(request, referrer, cardId);
    await login();
    await page.goto(`/apply/${referralId}`);
    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: /Apply with this Referral/ }).click();
    await (await popup).close();
    await page.getByRole("dialog", { name: "Did you apply?" }).getByRole("button", { name: "Yes" }).click();
    await page.getByRole("dialog", { name: "Rate the referrer" }).getByRole("link", { name: "Skip" }).click();
    await page.getByRole("dialog", { name: "Was the experience great?" }).getByRole("link", { name: "No" }).click();

    await expect(page.getByText(/You applied on \w{3} \d{1,2}, \d{4} - Track it/)).toBeVisible();
    await expect(page.getByRole("link", { name: /Apply with this Referral/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Already applied? Tell us" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Track it" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-applications#application-/);
    const application = page.getByRole("article", { name: "Capital One Venture Rewards Credit Card" });
    await expect(application).toContainText("$30 by a method agreed in chat within 7 days of the bonus posting");
  });
});

test.describe("/apply at 390 px", () => {
  test.use({ viewport: PHONE });

  test("the filter sheet filters by issuer with JavaScript; the URL has no empty parameters", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const referrer = await createUser();
    await publish(request, referrer, await catalogueCard(request, referrer, "Citi", "Citi Strata Premier Card"));
    await login();
    await page.goto("/apply");
    await expect(page.getByText(/^\d[\d,]*\+? referrals?$/)).toBeVisible();
    await expect(page.getByLabel("Issuer")).toBeHidden();
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Issuer").selectOption("Citi");
    await expect(page).toHaveURL(/issuer=Citi/);
    expect(filtersOf(page.url())).toEqual({ issuer: "Citi" });
    await expect(page.getByText("Filters (1)")).toBeVisible();
    const tiles = page.getByRole("list").filter({ has: page.getByRole("link", { name: /^Details:/ }) });
    await expect(tiles.getByRole("listitem").first()).toContainText("Citi");
    // Each tile (an item with its Details link; a tile's outcome figures are a list of their own).
    const eachTile = tiles.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Details:/ }) });
    for (const tile of await eachTile.all()) await expect(tile).toContainText("Citi ·");
    await page.getByLabel("Sort by").selectOption({ label: "Referral Bonus: High to Low" });
    await expect(page).toHaveURL(/sort=bonus_desc/);
    expect(filtersOf(page.url())).toEqual({ issuer: "Citi", sort: "bonus_desc" });
    await expectNoSeriousA11yViolations(page);
  });

  test("a referral page puts the referrer's rating and Chat right after the offer", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const referrer = await createUser({ firstName: "Rita" });
    const referralId = await publish(
      request,
      referrer,
      await catalogueCard(request, referrer, "Chase", "Chase Sapphire Preferred Card"),
    );
    await login();
    await page.goto(`/apply/${referralId}`);
    const chat = page.getByRole("complementary", { name: "Referrer" }).getByRole("button", { name: "Chat" });
    await expect(chat).toBeInViewport();
    const chatBox = await chat.boundingBox();
    const details = await page.getByRole("heading", { name: "Details" }).boundingBox();
    expect(chatBox!.y).toBeLessThan(details!.y);
    await expect(page.getByText("You get")).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filter sheet is a disclosure; the server drops the empty parameters", async ({
      page,
      request,
      createUser,
      login,
    }) => {
      const referrer = await createUser();
      await publish(request, referrer, await catalogueCard(request, referrer, "Citi", "Citi Strata Premier Card"));
      await login();
      await page.goto("/apply");
      await expect(page.getByLabel("Issuer")).toBeHidden();
      await page.getByText("Filters", { exact: true }).click();
      await page.getByLabel("Issuer").selectOption("Citi");
      await page.getByLabel("Welcome bonus type").selectOption("Points");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/issuer=Citi/);
      expect(filtersOf(page.url())).toEqual({ issuer: "Citi", bonusType: "points" });
      await expect(page.getByText("Filters (2)")).toBeVisible();
      await expect(page.getByLabel("Issuer")).toBeVisible();
      const tiles = page.getByRole("list").filter({ has: page.getByRole("link", { name: /^Details:/ }) });
      const eachTile = tiles.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Details:/ }) });
      for (const tile of await eachTile.all()) {
        await expect(tile).toContainText("Citi ·");
        await expect(tile).toContainText("points");
      }
    });
  });
});
