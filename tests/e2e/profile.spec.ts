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

    await page.goto("/dashboard/personal-info");
    await page.getByRole("switch", { name: "Show email" }).check();
    await page.getByRole("switch", { name: "Show full name" }).uncheck();
    await page.getByRole("button", { name: "Save privacy settings" }).click();
    await expect(page.getByText("Privacy settings updated")).toBeVisible();

    await viewer.reload();
    await expect(viewer.getByText(owner.email)).toBeVisible();
    await expect(viewer.getByRole("heading", { name: "I*****a" })).toBeVisible();
    await expect(viewer.getByText("Vega")).toHaveCount(0);
    await expect(viewer.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(viewer);
    await viewerContext.close();
  });

  test("hidden tabs say Private Content and unknown users are not found", async ({ page, login }) => {
    const owner = await login({ privacy: { showReferrals: false } });
    await page.context().clearCookies();
    await page.goto(`/profile/${owner.id}?tab=referrals`);
    await expect(page.getByText("Private Content")).toBeVisible();
    await page.goto(`/profile/${owner.id}?tab=applications`);
    await expect(page.getByText("No credit card applications found.")).toBeVisible();
    const response = await page.goto("/profile/no-such-user");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  });
});
