import { expectNoSeriousA11yViolations } from "./axe";
import { expect, latestEmail, test } from "./fixtures";

test.describe("Personal Info and profiles", () => {
  test("the profile form is read-only until Edit Profile, and saving leaves edit mode", async ({ page, login }) => {
    await login({ firstName: "Nora", lastName: "Lind" });
    await page.goto("/dashboard/personal-info");
    const firstName = page.getByLabel("First name");
    await expect(firstName).toHaveAttribute("readonly", "");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(firstName).not.toHaveAttribute("readonly", "");
    await firstName.fill("Norah");
    await page.getByLabel("Bio").fill("Points collector.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(firstName).toHaveValue("Norah");
    await expect(firstName).toHaveAttribute("readonly", "");

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(firstName).toHaveAttribute("readonly", "");
  });

  test("changing the password checks the current one", async ({ page, login }) => {
    await login({ firstName: "Pavel", password: "current-passw0rd" });
    await page.goto("/dashboard/personal-info");
    await page.getByRole("link", { name: "Change password" }).click();
    await page.getByLabel(/^Current password/).fill("wrong-passw0rd");
    await page.getByLabel(/^New password/).fill("better-passw0rd");
    await page.getByLabel(/^Confirm new password/).fill("better-passw0rd");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Current password is incorrect").first()).toBeVisible();

    await page.getByLabel(/^Current password/).fill("current-passw0rd");
    await page.getByLabel(/^New password/).fill("better-passw0rd");
    await page.getByLabel(/^Confirm new password/).fill("better-passw0rd");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Password updated successfully").first()).toBeVisible();
    // The success window closes the panel after about a second.
    await expect(page.getByLabel(/^Current password/)).toBeHidden({ timeout: 3000 });
  });

  test("a new email needs the password and is confirmed from its inbox; the old address hears of it", async ({
    page,
    request,
    login,
  }) => {
    const user = await login({ firstName: "Ema", password: "current-passw0rd" });
    const newEmail = `new-${user.email}`;
    await page.goto("/dashboard/personal-info");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(newEmail);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Current password is required").first()).toBeVisible();

    await page.getByLabel(/^Current password/).fill("current-passw0rd");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}`).first()).toBeVisible();
    await expect(page.getByText(`Waiting for confirmation: We sent a confirmation link to ${newEmail}`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(user.email);

    const notice = await latestEmail(request, user.email, "Your Cardshare email is being changed");
    expect(notice.links[0]).toContain("/auth/revert-email?token=");
    const confirm = await latestEmail(request, newEmail, "Confirm your new email for Cardshare");
    const link = new URL(confirm.links[0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText("Your new email address is confirmed. Use it to sign in from now on.")).toBeVisible();
    await page.goto("/dashboard/personal-info");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(newEmail);
  });

  test("a privacy switch decides whether a second user sees the email", async ({ page, browser, login }) => {
    const owner = await login({ firstName: "Iris", lastName: "Vega" });
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();

    await viewer.goto(`/profile/${owner.id}`);
    await expect(viewer.getByRole("heading", { name: "Iris Vega" })).toBeVisible();
    await expect(viewer.getByText(owner.email)).toHaveCount(0);

    // With JavaScript each switch saves as it changes: no separate Save.
    await page.goto("/dashboard/personal-info");
    await expect(page.getByRole("button", { name: "Save privacy settings" })).toHaveCount(0);
    await page.getByRole("switch", { name: "Show email" }).check();
    await expect(page.getByText("Privacy settings updated").first()).toBeVisible();
    await page.getByRole("switch", { name: "Show full name" }).uncheck();
    await expect(page.getByText("Changes save as you make them.")).toBeVisible();

    await expect(async () => {
      await viewer.reload();
      await expect(viewer.getByRole("heading", { name: "I*****a" })).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(viewer.getByText(owner.email)).toBeVisible();
    await expect(viewer.getByText("Vega")).toHaveCount(0);
    // A masked name never sits beside the handle that would give it away.
    await expect(viewer.getByText(`@${owner.username}`)).toHaveCount(0);
    await expect(viewer.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(viewer);
    await viewerContext.close();
  });

  test("hidden tabs say Private Content, visitors never see applications, unknown users are not found", async ({
    page,
    login,
  }) => {
    const owner = await login({ privacy: { showReferrals: false } });
    await page.goto(`/profile/${owner.id}?tab=applications`);
    await expect(page.getByText("No credit card applications found.")).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`/profile/${owner.id}?tab=referrals`);
    await expect(page.getByText("Private Content")).toBeVisible();
    await page.goto(`/profile/${owner.id}?tab=applications`);
    await expect(page.getByText("Sign in to see this member's applications.")).toBeVisible();
    await page.goto(`/profile/${owner.id}?tab=reviews`);
    await expect(page.getByText("This member keeps their referrals and their reviews private.")).toBeVisible();
    const response = await page.goto("/profile/no-such-user");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  });

  test("the owner sees a hidden email marked 'Only you can see this'; at 390 px the name never runs into Edit Profile", async ({
    page,
    login,
  }) => {
    const owner = await login({ firstName: "Maximiliana-Alexandrina", lastName: "Vandenberghe-Oosterhout" });
    await page.goto(`/profile/${owner.id}`);
    await expect(page.getByText(owner.email)).toBeVisible();
    await expect(page.getByText("Only you can see this.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const name = await page.getByRole("heading", { level: 1 }).boundingBox();
    const edit = await page.getByRole("link", { name: "Edit Profile" }).boundingBox();
    expect(name && edit).toBeTruthy();
    // The button sits below the name, not beside it.
    expect(edit!.y).toBeGreaterThanOrEqual(name!.y + name!.height);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Reviews" }).click();
    await expect(page.getByText("No reviews yet.", { exact: false })).toBeVisible();
  });
});

test.describe("Personal Info without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("privacy switches are saved with Save privacy settings", async ({ page, login }) => {
    const owner = await login({ firstName: "Olga", lastName: "Plain" });
    await page.goto("/dashboard/personal-info");
    await page.getByRole("switch", { name: "Show email" }).check();
    await page.getByRole("button", { name: "Save privacy settings" }).click();
    // The flash toast is a <noscript> status, which Playwright reads as markup.
    expect(await page.locator("noscript").first().innerHTML()).toContain("Privacy settings updated");
    await expect(page.getByRole("switch", { name: "Show email" })).toBeChecked();
    await page.context().clearCookies();
    await page.goto(`/profile/${owner.id}`);
    await expect(page.getByText(owner.email)).toBeVisible();
  });
});
