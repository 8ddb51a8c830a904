/**
 * Issue 18's "Your data": a member downloads everything as one JSON file and deletes their
 * account from Personal Info, with JavaScript and without.
 */
import { readFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, TEST_PASSWORD } from "./fixtures";
import { screenPath } from "./screens";

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`your data ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("download my data, then delete my account for good", async ({ page, login, request }) => {
      const member = await login();
      await page.goto("/dashboard/personal-info");
      const section = page.getByRole("region", { name: "Your data" });

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        section.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^cardshare-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
      );
      const data = JSON.parse(await readFile((await download.path())!, "utf8"));
      expect(data.profile).toMatchObject({ id: member.id, email: member.email, username: member.username });

      await section.getByRole("link", { name: "Delete my account" }).click();
      await expect(page).toHaveURL(/\?delete=1/);
      await expect(section.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

      // A wrong password is said beside the field and deletes nothing.
      await section.getByLabel("Your password, to confirm").fill("not-my-passw0rd");
      await section.getByRole("button", { name: "Delete my account for good" }).click();
      await expect(section.getByText("Current password is incorrect")).toBeVisible();

      await section.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
      await section.getByRole("button", { name: "Delete my account for good" }).click();
      await expect(page).toHaveURL(/\/$/);
      if (javaScriptEnabled) {
        await expect(
          page.locator("[data-sonner-toast]").filter({ hasText: "Your account has been deleted" }),
        ).toBeVisible();
      }
      await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

      const signIn = await request.post("/api/users/login", { data: { email: member.email, password: TEST_PASSWORD } });
      expect(signIn.status()).toBe(401);
    });
  });
}

test("the data page at 1280 and 390 px", async ({ page, login }) => {
  await login();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/dashboard/personal-info?delete=1#your-data-card");
    await page.getByRole("heading", { name: "Delete your account?" }).scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenPath(`personal-info-your-data-${width}.png`) });
  }
});
