import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, type TestUser } from "./fixtures";

/**
 * Chooses a tip the way <TipOptions/> does: a plain form post of `amount` to /tips/checkout from a
 * page of the site. The apply dialog (issue 5) renders <TipOptions/>; once it is merged this step
 * becomes a click on its "$3" button.
 */
async function chooseTip(page: Page, amount: 1 | 3 | 5) {
  await page.goto("/");
  await page.evaluate((value) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/tips/checkout";
    const input = Object.assign(document.createElement("input"), { type: "hidden", name: "amount", value });
    form.appendChild(input);
    document.body.appendChild(form);
    form.submit();
  }, String(amount));
  await expect(page).toHaveURL(/\/tips\/test-checkout\?session=/);
}

async function tipsSeenByAdmin(page: Page, loginAsAdmin: () => Promise<TestUser>, tipper: TestUser) {
  await loginAsAdmin();
  await page.goto("/admin/tips");
  await expect(page.getByRole("heading", { name: "Tips" })).toBeVisible();
  return page.getByRole("row").filter({ hasText: tipper.username });
}

test.describe("tips through the local test checkout", () => {
  test("an applicant tips $3, lands on /payment-success, and the admin sees the tip", async ({
    page,
    login,
    loginAsAdmin,
  }) => {
    const tipper = await login({ firstName: "Tia" });
    await chooseTip(page, 3);
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
  });

  test("cancelling lands on /payment-cancel and records nothing", async ({ page, login, loginAsAdmin }) => {
    const tipper = await login({ firstName: "Cato" });
    await chooseTip(page, 1);
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

  test("the form post, the test checkout and the result page work with plain HTML", async ({
    page,
    login,
    loginAsAdmin,
  }) => {
    const tipper = await login({ firstName: "Nojs" });
    // chooseTip needs page.evaluate, which still runs with page scripts disabled.
    await chooseTip(page, 5);
    await page.getByRole("button", { name: "Pay $5 (test)" }).click();
    await expect(page).toHaveURL(/\/payment-success\?amount=5$/);
    // The toast is a <noscript> block here, which Playwright's script-disabled page does not render.
    await expect(page.getByText("Your tip of $5 was processed.")).toBeVisible();

    const rows = await tipsSeenByAdmin(page, loginAsAdmin, tipper);
    await expect(rows).toHaveCount(1);
  });
});
