/**
 * The share as money (docs/decisions/185-share-is-money.md): /refer asks the dollars, method and
 * deadline, with and without JavaScript; tiles, the referral page and /r/{code} say it the same
 * way; a field's error never moves the share options under the pointer.
 */
import type { Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, chaseReferralLink, createCatalogueCard, expect, test } from "./fixtures";
import { screenPath } from "./screens";

/** /refer's details step for a listed Chase card. */
async function openDetails(page: Page, card: string, withScript = true) {
  await page.goto("/refer");
  await page.getByLabel("Card issuer").selectOption("Chase");
  if (!withScript) await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.getByRole("combobox", { name: "Card", exact: true }).selectOption({ label: card });
}

test.describe("the share as money", () => {
  test("an invalid link's error does not move the share options: the click chooses 20%", async ({ page, login }) => {
    await login({ firstName: "Pia" });
    await openDetails(page, "Chase Freedom Unlimited");
    const link = page.getByLabel(/^Referral link/);
    await link.fill("chase.com/refer/pia");
    // One motion: still in the link field, the pointer goes to 20%; leaving the field shows its error.
    await page.getByLabel("20%").click();
    await expect(page.locator("#referral-referralLink-error")).toHaveText(
      "Enter the full link, starting with https://",
    );
    await expect(page.getByLabel("20%")).toBeChecked();
    await expect(page.getByLabel("None")).not.toBeChecked();
  });

  test("/refer asks the dollars, the method and the days, prefilled from the points' value", async ({
    page,
    login,
  }) => {
    await login({ firstName: "Quinn" });
    await openDetails(page, "Chase Sapphire Preferred Card");
    await page.getByLabel(/^Referral link/).fill(chaseReferralLink());
    await page.getByLabel("20%").check();
    await page.getByLabel("Bonus amount").fill("10000");
    await page.getByLabel("Bonus unit").selectOption("Points");
    // 20% of 10,000 Ultimate Rewards points at the seeded 2.05 cents a point.
    await expect(page.getByLabel("Amount the applicant receives ($)")).toHaveValue("41");
    await expect(
      page.getByText("Estimated from the bonus's value (Chase Ultimate Rewards): $41.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Paid within/)).toHaveValue("7");
    await page.getByLabel("Paid by").selectOption("Zelle");
    // The score: optional, shown only by choice, and the form says why it is asked.
    await expect(page.getByText(/helps them judge their odds\. Optional\./)).toBeVisible();
    await page.getByLabel("Show it to applicants").check();
    await page.getByLabel("Your credit score when approved").fill("760");
    await expectNoSeriousA11yViolations(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.getByRole("group", { name: "How you pay the share" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenPath(`refer-share-money-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByText("$41 by Zelle within 7 days of the bonus posting")).toBeVisible();
    await expect(page.getByText("Shown to applicants: Approved with 760 · Excellent")).toBeVisible();
    await page.getByRole("button", { name: "Confirm & Create" }).click();
    await expect(page.getByText("Credit card referral created successfully!")).toBeVisible();
  });

  test("tiles, the referral page and /r/{code} say the share as money, and the score as an approval", async ({
    page,
    request,
    login,
    createUser,
  }) => {
    const word = `Zelda${uniqueSuffix()}`.slice(0, 16);
    const cardId = await createCatalogueCard(request, { name: `${word} Cash Card` });
    const referrer = await createUser({ firstName: "Remy" });
    const { data } = await apiAs(request, referrer).post<{ data: { _id: string; code: string } }>(
      "/api/referrals/card-refer/generate",
      {
        creditCardId: cardId,
        referralLink: chaseReferralLink(),
        referrerCredit: 760,
        sharingBenefitPortion: 25,
        specialReferrerBonus: { amount: 200, unit: "USD" },
        shareMethod: "zelle",
        shareDeadlineDays: 7,
      },
    );
    const text = "$50 by Zelle within 7 days of the bonus posting";
    await login({ firstName: "Alma" });

    await page.goto(`/apply?q=${word}`);
    const tile = page.getByRole("listitem").filter({ hasText: `${word} Cash Card` });
    await expect(tile.getByText(text)).toBeVisible();
    await expect(tile.getByText("Approved with 760 · Excellent")).toBeVisible();

    await page.goto(`/apply/${data._id}`);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByText("Approved with 760 · Excellent").first()).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: screenPath(`referral-detail-share-money-${width}.png`) });
    }

    await page.goto(`/r/${data.code}`);
    await expect(page.getByText(text)).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: screenPath(`shared-referral-share-money-${width}.png`) });
    }
  });

  test("admins keep the point valuations on a page of their own", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.goto("/admin/valuations");
    await expect(page.getByRole("heading", { name: "Point valuations" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Chase Ultimate Rewards" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: screenPath(`admin-valuations-${width}.png`) });
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("/refer asks how the share is paid; an empty amount is the points' value", async ({ page, login }) => {
      await login({ firstName: "Sol" });
      await openDetails(page, "Chase Sapphire Preferred Card", false);
      await page.getByLabel(/^Referral link/).fill(chaseReferralLink());
      await page.getByLabel("20%").check();
      await page.getByLabel("Bonus amount").fill("10000");
      await page.getByLabel("Bonus unit").selectOption("Points");
      await page.getByRole("button", { name: "Preview" }).click();
      // The server names what is missing at its field: the method.
      await expect(page.getByText("Step 2 of 3")).toBeVisible();
      await expect(page.getByText("Choose how you pay the share").first()).toBeVisible();
      await page.getByLabel("Paid by").selectOption("PayPal");
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText("Step 3 of 3")).toBeVisible();
      await expect(page.getByText("$41 by PayPal within 7 days of the bonus posting")).toBeVisible();
      await expect(page.getByText("Not shown")).toBeVisible();
      await page.getByRole("button", { name: "Confirm & Create" }).click();
      await expect(page.getByText("Step 1 of 3")).toBeVisible();
    });
  });
});
