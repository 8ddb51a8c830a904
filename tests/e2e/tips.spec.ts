import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { createReferral, expect, expectNoScriptToast, test, type TestUser } from "./fixtures";

/** The apply dialog's last step with the tip options (answering 'yes' to the great-experience question). */
async function tipFromDialog(page: Page, referralId: string, amount: 1 | 3 | 5) {
  await page.goto(`/apply/${referralId}?step=3`);
  const great = page.getByRole("dialog", { name: "Was the experience great?" });
  await great.getByRole("link", { name: "Yes" }).click();
  await great.getByRole("button", { name: `$${amount}` }).click();
  await expect(page).toHaveURL(/\/tips\/test-checkout\?session=/);
}

/** The flash toast as a browser without JavaScript shows it (a <noscript> block, read as text). */
async function tipsSeenByAdmin(page: Page, loginAsAdmin: () => Promise<TestUser>, tipper: TestUser) {
  await loginAsAdmin();
  await page.goto("/admin/tips");
  await expect(page.getByRole("heading", { name: "Tips" })).toBeVisible();
  return page.getByRole("row").filter({ hasText: tipper.username });
}

test.describe("tips through the local test checkout", () => {
  test("an applicant applies through the dialog, tips $3, lands on /payment-success, and the admin sees the tip", async ({
    page,
    request,
    createUser,
    login,
    loginAsAdmin,
  }) => {
    // A long journey (apply, rate, tip, checkout, the admin's list): ~22 s on an idle 2-core machine.
    test.slow();
    const referrer = await createUser();
    const { referralId } = await createReferral(request, referrer);
    const tipper = await login({ firstName: "Tia" });
    await page.goto(`/apply/${referralId}`);
    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: /Apply with this Referral/ }).click();
    await (await popup).close();
    await page.getByRole("dialog", { name: "Did you apply?" }).getByRole("button", { name: "Yes" }).click();

    // Step 2 is the comments ReviewForm: the rating is required.
    const rate = page.getByRole("dialog", { name: "Rate the referrer" });
    await expect(rate.getByRole("link", { name: "Skip" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await rate.getByRole("button", { name: "Submit Review" }).click();
    await expect(rate.getByText("Please select a rating before submitting")).toBeVisible();
    await rate.getByRole("radio", { name: "4 stars" }).check();
    await rate.getByLabel("Comment (optional)").fill("Clear instructions.");
    await rate.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Review submitted successfully!")).toBeVisible();

    const great = page.getByRole("dialog", { name: "Was the experience great?" });
    await great.getByRole("link", { name: "Yes" }).click();
    await expectNoSeriousA11yViolations(page);
    await great.getByRole("button", { name: "$3" }).click();
    await expect(page).toHaveURL(/\/tips\/test-checkout\?session=/);
    await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
    await expect(page.getByText("No real payment is made")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Pay $3 (test)" }).click();
    await expect(page).toHaveURL(/\/payment-success\?amount=3$/);
    await expect(page.getByText("Payment successful! Thank you for your support.")).toBeVisible();
    await expect(page.getByText("Your tip of $3 was processed.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectNoSeriousA11yViolations(page);

    const rows = await tipsSeenByAdmin(page, loginAsAdmin, tipper);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole("cell", { name: "$3", exact: true })).toBeVisible();
    await expect(page.getByTestId("tips-count")).not.toHaveText("0");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/admin");
    // The admin dashboard's tip total counts it too.
    await expect(page.getByTestId("dashboard-tips-total")).toHaveText(/^\$\d/);
    await expect(page.getByTestId("dashboard-tips-total")).not.toHaveText(/^\$0(\.00)?$/);
  });

  test("cancelling lands on /payment-cancel and records nothing", async ({
    page,
    request,
    createUser,
    login,
    loginAsAdmin,
  }) => {
    const { referralId } = await createReferral(request, await createUser());
    const tipper = await login({ firstName: "Cato" });
    await tipFromDialog(page, referralId, 1);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/payment-cancel$/);
    await expect(page.getByText("Payment was cancelled.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await expect(await tipsSeenByAdmin(page, loginAsAdmin, tipper)).toHaveCount(0);
  });
});

test.describe("tips without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the dialog's step pages, the tip form post, the test checkout and the result page work with plain HTML", async ({
    page,
    request,
    createUser,
    login,
    loginAsAdmin,
  }) => {
    const { referralId } = await createReferral(request, await createUser());
    const tipper = await login({ firstName: "Nojs" });
    // Without JavaScript the dialog is a panel on step pages (?step=1..3), each answer a link or a post.
    await page.goto(`/apply/${referralId}`);
    await page.getByRole("link", { name: "Already applied? Tell us" }).click();
    await page.getByRole("dialog", { name: "Did you apply?" }).getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/step=2#apply-step$/);
    const rate = page.getByRole("dialog", { name: "Rate the referrer" });
    await rate.getByRole("button", { name: "Submit Review" }).click();
    // The refusal comes back beside the review form, which the fragment scrolls to (issue 19).
    await expect(rate.getByRole("alert").filter({ hasText: "Please select a rating before submitting" })).toBeVisible();
    await expect(page).toHaveURL(/step=2#review-/);
    await rate.getByRole("radio", { name: "5 stars" }).check();
    await rate.getByRole("button", { name: "Submit Review" }).click();
    await expectNoScriptToast(page, "Review submitted successfully!");
    await expect(page).toHaveURL(/step=3#apply-step$/);
    await tipFromDialog(page, referralId, 5);
    await page.getByRole("button", { name: "Pay $5 (test)" }).click();
    await expect(page).toHaveURL(/\/payment-success\?amount=5$/);
    // The toast is a <noscript> block here, which Playwright's script-disabled page does not render.
    await expect(page.getByText("Your tip of $5 was processed.")).toBeVisible();

    const rows = await tipsSeenByAdmin(page, loginAsAdmin, tipper);
    await expect(rows).toHaveCount(1);
  });
});
