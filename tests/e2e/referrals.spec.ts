import type { BrowserContext } from "@playwright/test";
import { SESSION_COOKIE } from "../../app/modules/auth/session.server";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, chaseReferralLink, createCatalogueCard, expect, test, type TestUser } from "./fixtures";

const BASE = "/api/referrals/card-refer";

async function signInAs(context: BrowserContext, baseURL: string, user: TestUser) {
  await context.clearCookies();
  await context.addCookies([
    { name: SESSION_COOKIE, value: user.token, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** A referral on a new catalogue card whose name holds a unique word, created through the API. */
async function publishReferral(request: Parameters<typeof apiAs>[0], referrer: TestUser, word: string) {
  const cardId = await createCatalogueCard(request, {
    name: `${word} Rewards Card`,
    category: "Travel",
    description: "A card made for the test",
  });
  const created = await apiAs(request, referrer).post<{ data: { _id: string } }>(`${BASE}/generate`, {
    creditCardId: cardId,
    referralLink: chaseReferralLink(),
    referrerCredit: 780,
    sharingBenefitPortion: 25,
    specialReferrerBonus: { amount: 200, unit: "USD" },
    availableReferCount: 2,
    additionalInfo: "Message me once you are approved.",
  });
  return created.data._id;
}

test.describe("referrals", () => {
  test("a referrer creates a referral for a listed card through the three steps", async ({ page, login }) => {
    await login({ firstName: "Rita" });
    await page.goto("/refer");
    await expect(page.getByText("No credit card referrals found.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Card issuer").selectOption("Chase");
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await expect(page).toHaveURL(/step=details&issuer=Chase/);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("combobox", { name: "Card", exact: true }).selectOption({ label: "Chase Freedom Unlimited" });
    const preview = page.getByRole("button", { name: "Preview" });
    await expect(preview).toBeDisabled();
    await page.getByLabel(/^Referral link/).fill("https://www.chase.com/refer/rita?utm_source=e2e");
    await page.getByLabel("Show it to applicants").check();
    await page.getByLabel("Your credit score when approved").pressSequentially("7a5b0");
    await expect(page.getByLabel("Your credit score when approved")).toHaveValue("750");
    await page.getByLabel("Available referrals").fill("9");
    await expect(page.getByText(/will be capped at 5/)).toBeVisible();
    await page.getByLabel("20%").check();
    await page.getByLabel("Available referrals").click();
    await expect(preview).toBeDisabled();
    // The disabled Preview says why, where the fix is (a link to the field).
    const reasons = page.getByRole("status").filter({ hasText: "Preview is available once these are done:" });
    await expect(reasons.getByRole("link", { name: "Please enter your special referral bonus amount" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Bonus amount").fill("200");
    await page.getByLabel("Paid by").selectOption("Zelle");
    await expect(preview).toBeEnabled();
    await preview.click();

    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page).toHaveURL(/step=preview&issuer=Chase/);
    await expect(page.getByText("20% of the bonus")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel(/^Referral link/)).toHaveValue("https://www.chase.com/refer/rita?utm_source=e2e");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Confirm & Create" }).click();

    await expect(page.getByText("Credit card referral created successfully!")).toBeVisible();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    const mine = page.getByRole("listitem", { name: "Chase Freedom Unlimited" });
    await expect(mine).toContainText("Credit Card");
    await mine.getByRole("button", { name: "Mark as Inactive" }).click();
    await expect(page.getByText("Referral marked as inactive")).toBeVisible();
    await mine.getByRole("button", { name: "Reopen" }).click();
    await expect(page.getByText("Referral reopened")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a referrer creates a referral for a listed card", async ({ page, login }) => {
      await login({ firstName: "Nora" });
      await page.goto("/refer");
      await page.getByLabel("Card issuer").selectOption("Chase");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/step=details&issuer=Chase/);
      await page
        .getByRole("combobox", { name: "Card", exact: true })
        .selectOption({ label: "Chase Sapphire Preferred Card" });
      await page.getByLabel(/^Referral link/).fill("https://www.chase.com/refer/nora-nojs");
      await page.getByLabel("10%").check();
      // Preview is enabled without JavaScript: the server answers with every reason at its field.
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText("Step 2 of 3")).toBeVisible();
      await expect(page.getByText("Please enter your special referral bonus amount").first()).toBeVisible();
      await page.getByLabel("Bonus amount").fill("100");
      await page.getByLabel("Paid by").selectOption("Venmo");
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText("Step 3 of 3")).toBeVisible();
      await expect(page.getByText("10% of the bonus")).toBeVisible();
      await expect(page.getByText("$10 by Venmo within 7 days of the bonus posting")).toBeVisible();
      await page.getByRole("button", { name: "Edit" }).click();
      await expect(page.getByLabel(/^Referral link/)).toHaveValue("https://www.chase.com/refer/nora-nojs");
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("button", { name: "Confirm & Create" }).click();
      await expect(page.getByText("Step 1 of 3")).toBeVisible();
      await expect(page.getByRole("listitem", { name: "Chase Sapphire Preferred Card" })).toBeVisible();
    });

    test("a referrer creates a referral for an 'Other (Not Listed)' card", async ({ page, login }) => {
      await login({ firstName: "Omar" });
      await page.goto("/refer");
      await page.getByLabel("Card issuer").selectOption("other");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByLabel(/^Card Name/).fill("Hometown Cash Card");
      await page.getByLabel(/^Card Issuer/).fill("Hometown CU");
      await page.getByLabel(/^Card Category/).selectOption("Cashback");
      await page.getByLabel(/^Annual Fee/).fill("0");
      await page.getByLabel(/^Description/).fill("2% everywhere");
      await page.getByLabel(/^Referral link/).fill("https://hometown.example/r/omar");
      await page.getByLabel("None").check();
      await page.getByLabel(/special bonus for applicants|higher bonus/i).check();
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText("Please describe the special bonus for applicants")).toBeVisible();
      await page.getByLabel("Describe the special bonus").fill("$50 more than the public offer");
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText("Hometown Cash Card (new card)")).toBeVisible();
      await page.getByRole("button", { name: "Confirm & Create" }).click();
      // Back at step 1 (the form reset) with the new referral listed.
      await expect(page.getByText("Step 1 of 3")).toBeVisible();
      await expect(page.getByRole("listitem", { name: "Hometown Cash Card" })).toBeVisible();
    });
  });

  test("an applicant searches, filters, sorts, opens the detail and applies; the referrer's counts change", async ({
    page,
    context,
    request,
    baseURL,
    createUser,
    login,
  }) => {
    const referrer = await createUser({ firstName: "Rosa", lastName: "Lindqvist", privacy: { showFullName: false } });
    const word = `Zephyr${Date.now().toString(36)}`;
    const referralId = await publishReferral(request, referrer, word);
    await login({ firstName: "Alex" });

    await page.goto("/apply");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Search", { exact: true }).fill(word.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    const card = page.getByRole("listitem", { name: `${word} Rewards Card` });
    await expect(card).toBeVisible();
    // Created through the API without the share's terms (ADR 185): the valuation's amount, said so.
    await expect(card).toContainText(
      "Referrer shares$50 by a method agreed in chat within 7 days of the bonus posting",
    );
    await expect(card).toContainText("the referrer has not confirmed the amount and method yet");
    await expect(card).toContainText("Approved with 780 · Excellent");
    await expect(card).toContainText("No Annual Fee");
    await expect(card).toContainText("Only 2 referrals left");
    await expect(card).toContainText("R*****t");
    await expect(card).not.toContainText("Lindqvist");
    await expect(page).toHaveURL(new RegExp(`q=${word.toLowerCase()}`));

    for (const [label, option, visible] of [
      ["Minimum credit score", "750+", true],
      ["Minimum sharing", "50%+", false],
      ["Minimum sharing", "Any", true],
      ["Maximum annual fee", "No annual fee", true],
      ["Sort by", "Annual Fee: High to Low", true],
    ] as const) {
      await page.getByLabel(label).selectOption({ label: option });
      await expect(page).toHaveURL(/minCredit=750/);
      if (visible) await expect(card).toBeVisible();
      else await expect(page.getByText("No referrals found matching your filters.")).toBeVisible();
    }
    await expect(page).toHaveURL(/sort=fee_desc/);

    await card.getByRole("link", { name: /Details/ }).click();
    await expect(page.getByRole("heading", { name: `${word} Rewards Card` })).toBeVisible();
    await expect(page.getByText("Only 2 referrals left")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: /Apply with this Referral/ }).click();
    await (await popup).close();

    const dialog = page.getByRole("dialog", { name: "Did you apply?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes" }).click();
    const rate = page.getByRole("dialog", { name: "Rate the referrer" });
    await expect(rate).toBeVisible();
    await expect(rate.getByRole("radio", { name: "5 stars" })).toBeVisible();
    await rate.getByRole("link", { name: "Skip" }).click();
    const great = page.getByRole("dialog", { name: "Was the experience great?" });
    await great.getByRole("link", { name: "Yes" }).click();
    await expect(great.getByRole("button", { name: "$3" })).toBeVisible();

    await signInAs(context, baseURL!, referrer);
    await page.goto("/dashboard/my-referrals");
    const mine = page.getByRole("listitem", { name: `${word} Rewards Card` });
    await expect(mine).toContainText(/Applications\s*1/);
    await page.goto(`/apply/${referralId}`);
    await expect(page.getByText("Only 1 referral left")).toBeVisible();
  });

  test("self-apply is refused: the referrer sees 'You are the referrer' and the API answers 403", async ({
    page,
    request,
    login,
  }) => {
    const referrer = await login({ firstName: "Sam" });
    const word = `Selfie${Date.now().toString(36)}`;
    const referralId = await publishReferral(request, referrer, word);
    await page.goto(`/apply/${referralId}`);
    await expect(page.getByText("You are the referrer")).toBeVisible();
    await expect(page.getByRole("link", { name: /Apply with this Referral/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Chat" })).toHaveCount(0);

    const response = await request.post("/api/applications/card-apply", {
      headers: { Authorization: `Bearer ${referrer.token}` },
      data: { referralId, userId: referrer.id },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe("You cannot apply to your own referral");

    await page.goto("/apply/no-such-referral");
    await expect(page.getByRole("heading", { name: "Referral Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Browse All Referrals" }).click();
    await expect(page).toHaveURL(/\/apply$/);
  });
});
