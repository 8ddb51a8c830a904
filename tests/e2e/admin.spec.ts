import { uniqueSuffix } from "../../db/factories";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, createReferral, expect, test, TEST_PASSWORD } from "./fixtures";
import type { Page } from "@playwright/test";

const ADMIN_PAGES = [
  "/admin",
  "/admin/creditcards",
  "/admin/creditcards/create",
  "/admin/users",
  "/admin/referrals",
  "/admin/applications",
];

/** The toast (JavaScript) or its no-JavaScript fallback. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function createCardThroughForm(page: Page, name: string, issuer: string) {
  await page.getByRole("link", { name: "Add New Card" }).click();
  await page.getByRole("combobox", { name: /^Issuer/ }).selectOption({ label: "New issuer..." });
  await page.getByLabel("New issuer name").fill(issuer);
  await page.getByLabel("Card name").fill(name);
  await page.getByLabel("Category").selectOption("Travel");
  await page.getByLabel("Annual fee (USD)").fill("95");
  await page.getByLabel("Bonus amount").fill("20000");
  await page.getByLabel("Bonus unit").selectOption("Miles");
  await page.getByLabel("Description").fill("Line one\nLine two");
  await page.getByRole("button", { name: "Create Card" }).click();
  await expect(toastText(page, "Credit card created successfully")).toBeVisible();
}

async function filterByIssuer(page: Page, issuer: string, js: boolean) {
  await page.getByLabel("Filter by issuer").selectOption(issuer);
  if (!js) await page.getByRole("button", { name: "Apply Filter" }).click();
  await expect(page).toHaveURL(/issuer=/);
  await expect(page.getByText("1 card found")).toBeVisible();
}

test.describe("admin card catalogue", () => {
  test("the admin dashboard leads to the four areas", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    for (const name of ["Credit Card Management", "User Management", "Referral Management", "Application Management"]) {
      await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Back to Main Site" })).toHaveAttribute("href", "/");
  });

  for (const path of ADMIN_PAGES) {
    test(`${path} has no serious accessibility violation`, async ({ page, loginAsAdmin }) => {
      await loginAsAdmin();
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("the card form shows the spec's messages and clears a field's error when edited", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto("/admin/creditcards/create");
    await expect(page.getByText("No Image")).toBeVisible();
    await page.getByLabel("Annual fee (USD)").fill("-1");
    await page.getByRole("button", { name: "Create Card" }).click();
    await expect(page.getByText("Card name is required")).toBeVisible();
    await expect(page.getByText("Issuer is required")).toBeVisible();
    await expect(page.getByText("Annual fee cannot be negative")).toBeVisible();
    await expect(toastText(page, "Please correct the errors in the form")).toBeVisible();
    await page.getByLabel("Card name").fill("x");
    await expect(page.getByText("Card name is required")).toBeHidden();
    await expect(page.getByText("Issuer is required")).toBeVisible();
  });

  test("an admin creates a card and filters the list by its issuer", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.goto("/admin/creditcards");
    const issuer = `E2E Bank ${uniqueSuffix()}`;
    const name = `Skyline ${uniqueSuffix()}`;
    await createCardThroughForm(page, name, issuer);
    await filterByIssuer(page, issuer, true);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("$95");
    await expect(row).toContainText("20,000 miles");
    await expect(row).toContainText("Active");
    await expect(row).toContainText("No Image");
    await page.getByRole("link", { name: "Clear Filter" }).click();
    await expect(page).toHaveURL(/\/admin\/creditcards$/);
  });

  test("an admin edits and deletes a card", async ({ page, request, loginAsAdmin }) => {
    const admin = await loginAsAdmin();
    const issuer = `E2E Edit Bank ${uniqueSuffix()}`;
    const name = `Harbor ${uniqueSuffix()}`;
    await apiAs(request, admin).post("/api/credit-cards", {
      name,
      issuer,
      category: "Travel",
      annualFee: 95,
      referralBonus: 20000,
    });
    await page.goto(`/admin/creditcards?${new URLSearchParams({ issuer })}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("20,000 points");

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Annual fee (USD)").fill("0");
    await page.getByLabel("Bonus amount").fill("0");
    await page.getByRole("switch", { name: "Active" }).uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastText(page, "Credit card updated successfully")).toBeVisible();
    await filterByIssuer(page, issuer, true);
    await expect(row).toContainText("No Annual Fee");
    await expect(row).toContainText("No referral program");
    await expect(row).toContainText("Inactive");

    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to delete this credit card?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastText(page, "Credit card deleted successfully")).toBeVisible();
    await expect(page.getByText("0 cards found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add First Card" })).toBeVisible();
  });

  test("the card list is a tool: name search, sort and issuer in the URL; the issuer select knows issuers", async ({
    page,
    request,
    loginAsAdmin,
  }) => {
    const admin = await loginAsAdmin();
    const issuer = `E2E Sort Bank ${uniqueSuffix()}`;
    const stem = `Zq${uniqueSuffix()}`;
    for (const name of [`${stem} Beta`, `${stem} Alpha`]) {
      await apiAs(request, admin).post("/api/credit-cards", { name, issuer, category: "Travel", annualFee: 0 });
    }
    await page.goto("/admin/creditcards");
    await page.getByLabel("Card name starts with").fill(stem.toLowerCase());
    await page.getByLabel("Sort by").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    await page.getByRole("button", { name: "Apply Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${stem.toLowerCase()}`));
    await expect(page.getByText("2 cards found")).toBeVisible();
    await expect(page.getByRole("rowheader")).toHaveText([`${stem} Alpha`, `${stem} Beta`].map((n) => new RegExp(n)));
    // Delete is quiet (not a solid red button) and asks first; Escape keeps the card.
    const remove = page.getByRole("link", { name: `Delete ${stem} Alpha` });
    await expect(remove).not.toHaveClass(/bg-danger-700/);
    await remove.click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(remove).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    // The table scrolls sideways at 390 px instead of squeezing its cells.
    await page.setViewportSize({ width: 390, height: 844 });
    const frame = page.locator("table").locator("..");
    expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/admin/creditcards/create`);
    const issuerSelect = page.getByRole("combobox", { name: /^Issuer/ });
    await expect(issuerSelect.locator("option", { hasText: issuer })).toHaveCount(1);
    await expect(page.getByLabel("New issuer name")).toBeHidden();
    await issuerSelect.selectOption({ label: "New issuer..." });
    await expect(page.getByLabel("New issuer name")).toBeVisible();
    await page.getByLabel("Card name").fill(`${stem} Gamma`);
    await page.getByRole("button", { name: "Create Card" }).click();
    await expect(page.getByText("Issuer is required").first()).toBeVisible();
  });

  test("deactivating a user asks first; Cancel keeps them", async ({ page, createUser, loginAsAdmin }) => {
    const member = await createUser();
    await loginAsAdmin();
    await page.goto(`/admin/users?q=${member.username}`);
    await page.getByRole("link", { name: `Deactivate ${member.username}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Deactivate ${member.username}?` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("row").filter({ hasText: member.username })).toContainText("Active");
    await page.getByRole("link", { name: `Deactivate ${member.username}` }).click();
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByRole("row").filter({ hasText: member.username })).toContainText("Deactivated");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an admin creates, edits, filters and deletes a card", async ({ page, loginAsAdmin }) => {
      await loginAsAdmin();
      await page.goto("/admin/creditcards");
      const issuer = `NoJS Bank ${uniqueSuffix()}`;
      const name = `Plain ${uniqueSuffix()}`;
      await createCardThroughForm(page, name, issuer);
      await filterByIssuer(page, issuer, false);
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      await page.getByLabel("Card name").fill(`${name} v2`);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(toastText(page, "Credit card updated successfully")).toBeVisible();
      await filterByIssuer(page, issuer, false);
      await expect(page.getByRole("rowheader", { name: `${name} v2` })).toBeVisible();
      await page.getByRole("link", { name: `Delete ${name} v2` }).click();
      await expect(page.getByText("Are you sure you want to delete this credit card?")).toBeVisible();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toastText(page, "Credit card deleted successfully")).toBeVisible();
      await expect(page.getByText("0 cards found")).toBeVisible();
    });

    test("deactivating a referral goes through a confirmation step", async ({
      page,
      request,
      createUser,
      loginAsAdmin,
    }) => {
      const owner = await createUser();
      await createReferral(request, owner);
      await loginAsAdmin();
      await page.goto(`/admin/referrals?user=${owner.username}`);
      await page.getByRole("link", { name: /^Deactivate .* referral by / }).click();
      const step = page.getByRole("alertdialog", { name: "Take this referral down?" });
      await expect(step).toBeVisible();
      await step.getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByRole("button", { name: /^Reopen / })).toBeVisible();
    });
  });
});

test("a member is turned away from every admin page with the toast", async ({ page, login }) => {
  await login();
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page, path).not.toHaveURL(/\/admin/);
    await expect(page.getByText("Access denied. Admin privileges required.").first(), path).toBeVisible();
  }
});

test("an admin deactivates a user, who then cannot sign in", async ({ page, browser, createUser, loginAsAdmin }) => {
  const user = await createUser();
  await loginAsAdmin();
  await page.goto("/admin/users");
  await page.getByLabel("Search by name or email").fill(user.username);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: user.email })).toBeVisible();
  await page.getByRole("link", { name: `Deactivate ${user.username}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(toastText(page, "User deactivated. Their sessions have ended.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: user.email })).toContainText("Deactivated");

  const visitor = await browser.newPage();
  await visitor.goto("/auth");
  await visitor.getByLabel("Email").fill(user.email);
  await visitor.getByLabel("Password").fill(TEST_PASSWORD);
  await visitor.getByRole("button", { name: "Sign in" }).click();
  // A refusal of no single field is a toast (docs/product.md#forms).
  await expect(toastText(visitor, "This account has been deactivated. Please contact support.")).toBeVisible();
  await visitor.close();
});
