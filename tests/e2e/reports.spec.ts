/**
 * Issue 18's reports: three members report a referral from its page, it leaves the search, and an
 * admin answers from the report queue; a report also works without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { createReferral, expect, expectNoScriptToast, signInAs, test } from "./fixtures";
import { screenPath } from "./screens";

async function reportReferral(page: Page, referralId: string, javaScriptEnabled: boolean) {
  await page.goto(`/apply/${referralId}`);
  await page.getByText("Report this referral").click();
  await page.getByLabel("What is wrong?").selectOption({ label: "Link doesn't work" });
  await page.getByRole("button", { name: "Send report" }).click();
  const thanks = "Thanks. Your report was sent to the Cardshare team.";
  if (javaScriptEnabled) await expect(page.locator("[data-sonner-toast]").filter({ hasText: thanks })).toBeVisible();
  else await expect(page).toHaveURL(new RegExp(`/apply/${referralId}$`));
}

test("three reports take a referral out of search; an admin dismisses them and it comes back", async ({
  page,
  context,
  baseURL,
  createUser,
  request,
  loginAsAdmin,
}) => {
  // Four accounts and three report round trips before the admin's part: slow on a busy machine.
  test.setTimeout(90_000);
  const referrer = await createUser();
  const { referralId, cardName } = await createReferral(request, referrer);
  const search = `/apply?q=${encodeURIComponent(cardName)}`;
  for (let i = 0; i < 3; i += 1) {
    const member = await createUser();
    await signInAs(context, baseURL!, member);
    await reportReferral(page, referralId, true);
  }
  await page.goto(search);
  await expect(page.locator(`a[href="/apply/${referralId}"]`)).toHaveCount(0);

  await loginAsAdmin();
  await page.goto("/admin/reports");
  const group = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Referral: ${cardName}` }) });
  await expect(group.getByText("Paused by reports")).toBeVisible();
  await expect(group.getByText("3 reports")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await group.getByLabel("Action").selectOption({ label: "Dismiss" });
  await group.getByLabel("Why (for the audit log)").fill("Checked: the link works");
  await group.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Reports dismissed." })).toBeVisible();
  await page.goto("/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: "Checked: the link works" })).toContainText("Dismissed reports");

  await page.goto(search);
  await expect(page.locator(`a[href="/apply/${referralId}"]`).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a report is a plain form post that comes back to the referral", async ({
    page,
    login,
    createUser,
    request,
  }) => {
    const referrer = await createUser();
    const { referralId } = await createReferral(request, referrer);
    await login();
    await reportReferral(page, referralId, false);
    await expectNoScriptToast(page, "Thanks. Your report was sent to the Cardshare team.");
  });
});

test("the report form and the admin queue at 1280 and 390 px", async ({
  page,
  context,
  baseURL,
  createUser,
  request,
  loginAsAdmin,
}) => {
  const referrer = await createUser();
  const { referralId } = await createReferral(request, referrer);
  const member = await createUser();
  await signInAs(context, baseURL!, member);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/apply/${referralId}`);
    await page.getByText("Report this referral").click();
    await page.getByRole("button", { name: "Send report" }).scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenPath(`report-referral-${width}.png`) });
  }
  await page.getByLabel("What is wrong?").selectOption({ label: "Offer expired" });
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.locator("[data-sonner-toast]")).toBeVisible();
  await loginAsAdmin();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/admin/reports");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenPath(`admin-reports-${width}.png`) });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`admin confirmations ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("an admin's confirmation asks why, and the audit log keeps it", async ({ page, createUser, loginAsAdmin }) => {
      const member = await createUser();
      await loginAsAdmin();
      await page.goto(`/admin/users?q=${member.username}`);
      await page.getByRole("link", { name: `Deactivate ${member.username}` }).click();
      const question = page.getByRole("alertdialog", { name: `Deactivate ${member.username}?` });
      const why = `Spam wave ${member.username}`;
      await question.getByLabel("Why? (optional, kept in the audit log)").fill(why);
      await question.getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByRole("row").filter({ hasText: member.username })).toContainText("Deactivated");
      await page.goto("/admin/audit");
      await expect(page.getByRole("row").filter({ hasText: why })).toContainText("Deactivated member");
    });
  });
}
