import type { Page } from "@playwright/test";
import { MENU_CLOSE_MS } from "../../app/components/ui/menu-details";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, createReferral, expect, test } from "./fixtures";

/** The header's user menu (a <details> named after the member). */
function userMenu(page: Page, name: string) {
  const details = page.locator("header details").filter({ has: page.locator("summary", { hasText: name }) });
  return { details, summary: details.locator("summary") };
}

function mobileMenu(page: Page) {
  const details = page.locator("header details").filter({ has: page.locator("summary", { hasText: "Open menu" }) });
  return { details, summary: details.locator("summary") };
}

const isOpen = (details: ReturnType<typeof userMenu>["details"]) =>
  details.evaluate((node) => (node as HTMLDetailsElement).open);

test.describe("menus with JavaScript", () => {
  test("the user menu opens by keyboard, closes on Escape and gives the focus back", async ({ page, login }) => {
    await login({ firstName: "Mira" });
    // A page with fields after the header, for the focus to go on to.
    await page.goto("/dashboard/personal-info");
    const menu = userMenu(page, "Mira");
    await menu.summary.focus();
    await page.keyboard.press("Enter");
    await expect(menu.details.getByRole("link", { name: "Settings" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.details.getByRole("link", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu.details.getByRole("link", { name: "Settings" })).toBeHidden();
    await expect(menu.summary).toBeFocused();

    // Tabbing past its last item (Sign out) closes it.
    await page.keyboard.press("Enter");
    await menu.details.getByRole("button", { name: "Sign out" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.locator("main :focus")).toHaveCount(1);
    expect(await isOpen(menu.details)).toBe(false);
  });

  test("an outside click closes the user menu; a choice closes it and keeps the focus on its button", async ({
    page,
    login,
  }) => {
    await login({ firstName: "Omar" });
    await page.goto("/terms");
    const menu = userMenu(page, "Omar");
    await menu.summary.click();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.getByRole("link", { name: "Settings" })).toBeHidden();

    await menu.summary.click();
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/dashboard\/personal-info$/);
    expect(await isOpen(menu.details)).toBe(false);
    await expect(menu.summary).toBeFocused();
  });

  test("a menu closes by itself after 8000 ms", async ({ page, login }) => {
    await page.clock.install();
    await login({ firstName: "Tia" });
    await page.goto("/terms");
    const menu = userMenu(page, "Tia");
    await menu.summary.click();
    await page.clock.runFor(MENU_CLOSE_MS - 500);
    expect(await isOpen(menu.details)).toBe(true);
    await page.clock.runFor(1000);
    expect(await isOpen(menu.details)).toBe(false);
  });

  test("the status menu: only one menu open, Escape, outside click, choosing the current status", async ({
    page,
    request,
    login,
    createUser,
  }) => {
    const referrer = await createUser();
    const { referralId, cardName } = await createReferral(request, referrer);
    const applicant = await login({ firstName: "Una" });
    await apiAs(request, applicant).post("/api/applications/card-apply", { referralId });
    await page.goto("/dashboard/my-applications");
    const status = page.locator("details").filter({ has: page.getByLabel(`Change status of ${cardName}`) });
    const statusSummary = page.getByLabel(`Change status of ${cardName}`);
    const user = userMenu(page, "Una");

    await user.summary.click();
    expect(await isOpen(user.details)).toBe(true);
    // Opening the status menu closes the user menu: one menu at a time.
    await statusSummary.click();
    expect(await isOpen(status)).toBe(true);
    expect(await isOpen(user.details)).toBe(false);

    await page.keyboard.press("Escape");
    expect(await isOpen(status)).toBe(false);
    await expect(statusSummary).toBeFocused();

    await page.keyboard.press("Enter");
    expect(await isOpen(status)).toBe(true);
    await page.getByRole("heading", { level: 1 }).click();
    expect(await isOpen(status)).toBe(false);

    // The current status (marked aria-current) just closes the menu.
    await statusSummary.click();
    await status.locator("button[aria-current]").click();
    expect(await isOpen(status)).toBe(false);
    await expect(statusSummary).toBeFocused();
  });

  test("the mobile menu: keyboard, Escape, outside click, one panel without a box inside", async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login();
    await page.goto("/terms");
    const menu = mobileMenu(page);
    await menu.summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "Find referrals" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The account links sit in the same panel, not in a bordered box of their own.
    const innerBorder = await page
      .getByRole("link", { name: "Settings" })
      .evaluate((link) => getComputedStyle(link.closest("ul")!).borderTopWidth);
    expect(innerBorder).toBe("0px");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Find referrals" })).toBeHidden();
    await expect(menu.summary).toBeFocused();

    await menu.summary.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.getByRole("link", { name: "Find referrals" })).toBeHidden();
  });

  test("the closed mobile menu button carries the unread count", async ({ page, request, login, createUser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const alice = await createUser({ firstName: "Alice" });
    const bob = await login();
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    await apiAs(request, alice).post(`/api/chats/${chatId}/messages`, { content: "Hi there" });
    await apiAs(request, alice).post(`/api/chats/${chatId}/messages`, { content: "Still there?" });
    await page.goto("/terms");
    const menu = mobileMenu(page);
    await expect(menu.summary.getByTestId("menu-unread-dot")).toHaveText(/2/);
    await expect(menu.summary).toHaveAccessibleName(/2 unread messages/);
    await menu.summary.click();
    // Open, the count moves to Chat inside the menu.
    await expect(menu.summary.getByTestId("menu-unread-dot")).toBeHidden();
    await expect(menu.details.getByTestId("chat-unread-dot")).toBeVisible();
  });
});

test.describe("menus without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the user menu and the mobile menu open and close from their buttons", async ({ page, login }) => {
    await login({ firstName: "Noah" });
    await page.goto("/terms");
    const menu = userMenu(page, "Noah");
    await menu.summary.click();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await menu.summary.click();
    await expect(page.getByRole("link", { name: "Settings" })).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await mobileMenu(page).summary.click();
    await expect(page.getByRole("link", { name: "Find referrals" })).toBeVisible();
  });
});

test.describe("the chat's About panel", () => {
  test("closes like a menu, and stays open while its delete confirmation is asked", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const other = await createUser({ firstName: "Panel", lastName: "Other" });
    const me = await login({ firstName: "Panel", lastName: "Owner" });
    await apiAs(request, me).post("/api/chats", { targetUserId: other.id });
    await page.goto("/chat");
    const about = page.getByLabel("About this conversation");
    const panel = page.locator("details[data-menu]").filter({ has: about });
    await about.click();
    await expect(panel).toHaveAttribute("open", "");
    // A click elsewhere closes it.
    await page.mouse.click(5, 400);
    await expect(panel).not.toHaveAttribute("open", "");
    // Escape closes it and gives the focus back to its button.
    await about.click();
    await page.keyboard.press("Escape");
    await expect(panel).not.toHaveAttribute("open", "");
    await expect(about).toBeFocused();
    // The delete question opens inside it: the panel stays open, Escape closes only the dialog.
    await about.click();
    await page.getByRole("link", { name: "Delete conversation" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this conversation?" });
    await expect(dialog).toBeVisible();
    await expect(panel).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(panel).toHaveAttribute("open", "");
  });
});
