import { expectNoSeriousA11yViolations } from "./axe";
import { E2E_PORT } from "../../scripts/e2e-port";
import { expect, latestEmail, test } from "./fixtures";

const PASSWORD = "journey-passw0rd";
const unique = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("accounts", () => {
  test("register, read the link from the outbox, verify, and arrive signed in", async ({ page, request }) => {
    const name = unique();
    const email = `${name}@example.test`;
    await page.goto("/auth?tab=register");
    await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
    await expect(page.getByText("At least 8 characters with letters and numbers")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Username").fill(name);
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/auth\/verify-pending/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(
      page.getByText("Registration successful! Please check your email to verify your account."),
    ).toBeVisible();

    const message = await latestEmail(request, email, "Verify your email for Cardshare");
    const link = new URL(message.links[0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText("Your email has been verified. You are now signed in.")).toBeVisible();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"), { timeout: 10_000 });
    await page.goto("/terms");
    await page.getByText("Jo", { exact: true }).click();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("shows the spec's messages for an invalid registration and clears a field's error when edited", async ({
    page,
  }) => {
    await page.goto("/auth?tab=register");
    await page.getByLabel(/^Password/).fill("abcdefgh1");
    await page.getByLabel("Confirm password").fill("different1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Username").fill("x");
    await expect(page.getByText("Username is required")).toBeHidden();
    await expect(page.getByText("Email is required")).toBeVisible();
  });

  test("signs in, refuses a wrong password with the same words as an unknown email, and signs out", async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ password: PASSWORD, firstName: "Lena" });
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-passw0rd");
    await page.getByRole("button", { name: "Sign in" }).click();
    // Said once: a toast (no field is wrong on its own), not also a banner in the form (issue 19).
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password." })).toBeVisible();
    await expect(page.locator("main").getByText("Invalid email or password.")).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto("/privacy");
    await page.getByText("Lena", { exact: true }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("an unverified account is told to verify and offered a resend", async ({ page, createUser }) => {
    const user = await createUser({ password: PASSWORD, unverified: true });
    await page.goto("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Resend Verification Email" }).click();
    await expect(page).toHaveURL(/\/auth\/verify-pending/);
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByRole("button", { name: "Email Sent" })).toBeDisabled();
    await expect(page.getByText("Verification email resent. Please check your inbox.")).toBeVisible();
  });

  test("forgot and reset the password, then sign in with the new one", async ({ page, request, createUser }) => {
    const user = await createUser({ password: PASSWORD });
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that email")).toBeVisible();

    const message = await latestEmail(request, user.email, "Reset your Cardshare password");
    const link = new URL(message.links[0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(/^New password/).fill("fresh-passw0rd");
    await page.getByLabel("Confirm new password").fill("fresh-passw0rd");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Your password has been reset. Please sign in with your new password.")).toBeVisible();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("fresh-passw0rd");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  });

  test("the verification page explains a missing token", async ({ page }) => {
    await page.goto("/auth/verify-email");
    await expect(page.getByText("Invalid verification link. No token provided.")).toBeVisible();
    await page.goto("/auth/verify-pending");
    await expect(page.getByText("Email address is missing. Please go back to registration.")).toBeVisible();
  });
});

test.describe("accounts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("register, verify and sign in with plain form posts", async ({ page, request, context }) => {
    const name = unique();
    const email = `${name}@example.test`;
    await page.goto("/auth");
    await page.getByRole("link", { name: "Register" }).click();
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("mismatch-123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/auth\/verify-pending/);

    const message = await latestEmail(request, email, "Verify your email for Cardshare");
    const link = new URL(message.links[0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByText("Your email has been verified. You are now signed in.")).toBeVisible();

    await context.clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).not.toHaveURL(/\/auth/);
  });
});

test.describe("Google sign-in against the local fake", () => {
  for (const tab of ["login", "register"] as const) {
    test(`works from the ${tab} tab and greets with the spec's toast`, async ({ page }) => {
      const email = `${unique()}@gmail.test`;
      await page.goto(`/auth?tab=${tab}`);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await expect(page.getByRole("heading", { name: "Fake Google sign-in (test only)" })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("First name").fill("Gwen");
      await page.getByRole("button", { name: "Continue as this account" }).click();
      await page.waitForURL((url) => url.port === String(E2E_PORT) && !url.pathname.startsWith("/auth"));
      await expect(page.getByText("Google login successful!")).toBeVisible();
      await page.goto("/terms");
      await page.getByText("Gwen", { exact: true }).click();
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    });
  }
});
