/**
 * Issue 19's form rules, with JavaScript and without: one message per field (the most useful
 * first), never zod's wording, each error said once (beside its field, or a toast / a banner in the
 * form without JavaScript), a refused comment back in its open form, and the apply step scrolled to.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, createReferral, expect, test, TEST_PASSWORD, type TestUser } from "./fixtures";

const ZOD_WORDING = /Invalid input|expected string|received undefined|Too small|Too big/;

/** The messages beside one field: its error list (`{id}-error`, FieldFrame), by the field's label. */
function errorsOf(page: Page, label: string) {
  return page.locator(`xpath=//*[@id=concat(//label[normalize-space(text())="${label}"]/@for, "-error")]//li`);
}

/** A field by its label, which ends in the required mark (*). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

async function reviewedApplication(request: APIRequestContext, applicant: TestUser, referrer: TestUser) {
  const { referralId, cardName } = await createReferral(request, referrer);
  await apiAs(request, applicant).post("/api/applications/card-apply", { referralId });
  await apiAs(request, applicant).post("/api/referrals/card-refer/comment", {
    referralId,
    commentType: "applicantToReferrer",
    rating: 4,
    comment: "Worked fine.",
  });
  return { referralId, cardName };
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`forms ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("register: one message a field, the most useful first", async ({ page }) => {
      await page.goto("/auth?tab=register");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(errorsOf(page, "Password")).toHaveText(["Password is required"]);
      // Two empty password fields are not 'Passwords do not match'.
      await expect(errorsOf(page, "Confirm password")).toHaveText(["Please confirm your password"]);
      await expect(page.getByText("Passwords do not match")).toHaveCount(0);

      await page.getByLabel("Username").fill("formsuser");
      await page.getByLabel("Email").fill("forms@example.test");
      await field(page, "Password").fill("abc");
      await page.getByLabel("Confirm password").fill("abc");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(errorsOf(page, "Password")).toHaveText(["Password must be at least 8 characters"]);
      // The hint is said once, in grey, not again in red.
      await expect(page.getByText("At least 8 characters with letters and numbers")).toHaveCount(1);
      await expect(errorsOf(page, "Confirm password")).toHaveCount(0);

      await field(page, "Password").fill("abcdefgh");
      await page.getByLabel("Confirm password").fill("abcdefgh");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(errorsOf(page, "Password")).toHaveText(["At least 8 characters with letters and numbers"]);
      await expect(page.getByText("At least 8 characters with letters and numbers")).toHaveCount(1);

      await field(page, "Password").fill("abcdefg1");
      await page.getByLabel("Confirm password").fill("abcdefg2");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(errorsOf(page, "Confirm password")).toHaveText(["Passwords do not match"]);
      await expect(page.locator("body")).not.toContainText(ZOD_WORDING);
      await expect(page).not.toHaveURL(/index/);
    });

    test("change password submitted empty: each field says what it needs, once", async ({ page, login }) => {
      await login();
      await page.goto("/dashboard/personal-info?password=1");
      await page.getByRole("button", { name: "Update password" }).click();
      await expect(errorsOf(page, "Current password")).toHaveText(["Current password is required"]);
      await expect(errorsOf(page, "New password")).toHaveText(["New password is required"]);
      await expect(errorsOf(page, "Confirm new password")).toHaveText(["Please confirm your password"]);
      await expect(page.locator("body")).not.toContainText(ZOD_WORDING);
      // Field errors only: no toast and no banner repeating them.
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
      await expect(page.getByText("Error updating password")).toHaveCount(0);
      // axe runs as a script in the page.
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    });

    test("a wrong current password is said beside its field only", async ({ page, login }) => {
      await login();
      await page.goto("/dashboard/personal-info?password=1");
      await field(page, "Current password").fill("not-my-passw0rd");
      await field(page, "New password").fill("n3w-passw0rd");
      await field(page, "Confirm new password").fill("n3w-passw0rd");
      await page.getByRole("button", { name: "Update password" }).click();
      await expect(errorsOf(page, "Current password")).toHaveText(["Current password is incorrect"]);
      await expect(page.getByText("Current password is incorrect")).toHaveCount(1);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    });

    test("a wrong password at sign-in: one message, and /auth without ?index", async ({ page, createUser }) => {
      const user = await createUser();
      await page.goto("/auth");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill("not-the-passw0rd");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/auth$/);
      if (javaScriptEnabled) {
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password." })).toHaveCount(
          1,
        );
        await expect(page.locator("main").getByText("Invalid email or password.")).toHaveCount(0);
      } else {
        await expect(
          page.locator("main").getByRole("alert").filter({ hasText: "Invalid email or password." }),
        ).toHaveCount(1);
      }
      await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toHaveAttribute(
        "aria-current",
        "page",
      );
      await page.getByLabel("Password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).not.toHaveURL(/\/auth/);
    });

    test("a blank follow-up keeps its form open, in full, with the reason beside it", async ({
      page,
      request,
      login,
      createUser,
    }) => {
      const referrer = await createUser();
      const applicant = await login();
      const { cardName } = await reviewedApplication(request, applicant, referrer);
      await page.goto("/dashboard/my-applications");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: cardName }) });
      await card.getByText("Comments (1)").click();
      await card.locator("summary", { hasText: "Add a follow-up" }).click();
      const thread = card.getByRole("region", { name: `Comments on ${cardName}` });
      const submit = card.getByRole("button", { name: "Add follow-up" });
      // The thread's scroll box grows with the open form: its button is not cut off.
      const box = (await thread.boundingBox())!;
      const button = (await submit.boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height + 1);
      if (javaScriptEnabled) {
        // A blank follow-up cannot be sent with JavaScript (the button waits for text).
        await expect(submit).toBeDisabled();
        return;
      }
      await submit.click();
      await expect(page).toHaveURL(/#follow-up-/);
      const form = card.locator("form").filter({ has: page.getByRole("button", { name: "Add follow-up" }) });
      await expect(form.getByRole("alert").filter({ hasText: "Please enter a comment" })).toBeVisible();
      await expect(form.getByLabel("Follow-up comment")).toBeVisible();
      // Not also the page's banner at the top (the <noscript> flash toast).
      expect((await page.locator("noscript").evaluateAll((all) => all.map((el) => el.innerHTML))).join()).not.toContain(
        "Please enter a comment",
      );
    });
  });
}

test.describe("without JavaScript, the apply step", () => {
  test.use({ javaScriptEnabled: false });

  test("'Already applied? Tell us' scrolls to the step", async ({ page, request, login, createUser }) => {
    const referrer = await createUser();
    const { referralId } = await createReferral(request, referrer);
    await login();
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(`/apply/${referralId}`);
    await page.getByRole("link", { name: "Already applied? Tell us" }).click();
    await expect(page).toHaveURL(/step=1#apply-step$/);
    await expect(page.getByText("Did you complete your application through this referral link?")).toBeInViewport();
    await page.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/step=2#apply-step$/);
    await expect(page.getByRole("heading", { name: "Rate the referrer" })).toBeInViewport();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`/refer ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("a custom share over 100% is refused with its reason, not shown as 100%", async ({ page, login }) => {
      await login();
      await page.goto("/refer?step=details&issuer=Chase");
      await page
        .getByRole("combobox", { name: "Card", exact: true })
        .selectOption({ label: "Chase Freedom Unlimited" });
      await page.getByLabel(/^Referral link/).fill("https://www.chase.com/refer/over-100");
      await field(page, "Custom").check();
      await page.getByLabel("Custom share (%)").fill("140");
      await page.getByLabel("Bonus amount").fill("200");
      const preview = page.getByRole("button", { name: "Preview" });
      if (javaScriptEnabled) {
        await page.getByLabel("Bonus amount").press("Tab");
        // The disabled Preview says why (docs/product.md#refer).
        await expect(preview).toBeDisabled();
      } else {
        await preview.click();
        await expect(page.getByText("Step 2 of 3")).toBeVisible();
      }
      await expect(page.getByText("Enter a percentage from 0 to 100", { exact: true }).first()).toBeVisible();
      await expect(page.getByText("100% of the bonus")).toHaveCount(0);
    });
  });
}

test.describe("axe on the pages these forms changed", () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px`, async ({ page, request, login, createUser }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/auth?tab=register");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(errorsOf(page, "Password")).toHaveText(["Password is required"]);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/auth/reset-password?token=${"x".repeat(40)}`);
      await expect(page.getByText("This reset link has expired or was already used.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const referrer = await createUser();
      const applicant = await login();
      const { cardName } = await reviewedApplication(request, applicant, referrer);
      await page.goto("/dashboard/my-applications");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: cardName }) });
      await card.getByText("Status", { exact: true }).click();
      await expect(card.getByRole("button", { name: "Applied" })).toHaveAttribute("aria-current", "true");
      await expectNoSeriousA11yViolations(page);
      await card.getByText("Status", { exact: true }).click();
      await card.getByText("Comments (1)").click();
      await card.locator("summary", { hasText: "Add a follow-up" }).click();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
