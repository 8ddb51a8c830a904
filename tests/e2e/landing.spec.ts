import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";

test.describe("landing page", () => {
  test("pitches the product with the sample offers and the join buttons", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Join as an applicant" })).toHaveAttribute("href", /\/auth/);
    await expect(page.getByRole("link", { name: "Join as a referrer" })).toHaveAttribute("href", /\/auth/);
    const offers = page.getByRole("region", { name: /offer/i });
    for (const figure of ["75,000", "16.99%-24.99%", "$95", "$250", "$0", "90,000", "$150"]) {
      await expect(offers.getByText(figure, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "support@cardshare.local" })).toHaveAttribute(
      "href",
      "mailto:support@cardshare.local",
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("switches how-it-works between applicants and referrers", async ({ page }) => {
    await page.goto("/");
    const steps = page.getByRole("list", { name: /Steps for/ });
    await expect(steps).toHaveAccessibleName("Steps for applicants");
    await page.getByRole("link", { name: "Referrer", exact: true }).click();
    await expect(steps).toHaveAccessibleName("Steps for referrers");
    await expect(page.getByRole("heading", { name: "Publish your referral" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Referrer", exact: true })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);
  });

  test("has no horizontal scrolling at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a signed-in user is sent on to /refer", async ({ page, login }) => {
    await login();
    await page.goto("/");
    await expect(page).toHaveURL(/\/refer$/);
  });
});

test.describe("landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the how-it-works toggle still works", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Referrer", exact: true }).click();
    await expect(page).toHaveURL(/audience=referrer/);
    await expect(page.getByRole("list", { name: "Steps for referrers" })).toBeVisible();
    await page.getByRole("link", { name: "Applicant", exact: true }).click();
    await expect(page.getByRole("list", { name: "Steps for applicants" })).toBeVisible();
  });
});
