/**
 * Links and members' cards waiting for an admin (docs/decisions/155-link-domains-and-review.md):
 * the owner's waiting state, the review queue, approval and merging, with screenshots of both
 * screens at 1280 and 390 px.
 */
import type { Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, signInAs, test } from "./fixtures";
import { screenPath } from "./screens";

const WIDTHS = [1280, 390] as const;

/** A viewport PNG of the page at both widths (docs/screens/ when `npm run screens` refreshes them). */
async function screenshots(page: Page, screen: string, focus?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await focus?.();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenPath(`${screen}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("link review", () => {
  test("a link on a host Chase does not list waits for review; an admin approves it and it appears on /apply", async ({
    page,
    context,
    baseURL,
    login,
    loginAsAdmin,
  }) => {
    const word = `Quokka${uniqueSuffix().replace(/[^a-z0-9]/gi, "")}`;
    const owner = await login({ firstName: "Wren" });
    await page.goto("/refer");
    await page.getByLabel("Card issuer").selectOption("Chase");
    await page.getByRole("combobox", { name: "Card", exact: true }).selectOption({ label: "Chase Sapphire Reserve" });
    // A shortener is refused at the field, as one types.
    await page.getByLabel(/^Referral link/).fill("https://bit.ly/3xyz");
    await page.getByLabel(/^Referral link/).blur();
    await expect(
      page.getByText(/Shortened links \(bit\.ly, tinyurl and the like\) hide where they go/).first(),
    ).toBeVisible();
    await page.getByLabel(/^Referral link/).fill(`https://chase-perks.example/r/${word}`);
    await page.getByLabel("Additional info").fill(`${word} travel perks`);
    await page.getByRole("button", { name: "Preview" }).click();
    // The preview says it before anything is saved.
    await expect(page.getByText("chase-perks.example is not one of this issuer's known sites")).toBeVisible();
    await page.getByRole("button", { name: "Confirm & Create" }).click();
    await expect(page.getByText("Credit card referral created successfully!")).toBeVisible();

    const mine = page.getByRole("listitem", { name: "Chase Sapphire Reserve" });
    await expect(mine).toContainText("Waiting for review");
    await expect(mine).toContainText("chase-perks.example is not one of Chase's known sites");
    await expect(mine.getByRole("button", { name: "Reopen" })).toHaveCount(0);
    await screenshots(page, "my-referrals-waiting", () => mine.scrollIntoViewIfNeeded());

    // Nobody else finds it yet.
    await loginAsAdmin();
    await page.goto(`/apply?q=${word.toLowerCase()}`);
    await expect(page.getByRole("listitem", { name: "Chase Sapphire Reserve" })).toHaveCount(0);

    await page.goto("/admin/review");
    const item = page.getByRole("listitem").filter({ hasText: `by @${owner.username}` });
    await expect(item).toContainText("Held until reviewed");
    await expect(item).toContainText(`https://chase-perks.example/r/${word}`);
    await screenshots(page, "admin-review", () => item.scrollIntoViewIfNeeded());
    await item.getByLabel("When approving, also list chase-perks.example for Chase").check();
    await item.getByLabel("Why (for the audit log)").fill("Chase's partner site");
    await item.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Link approved, and chase-perks.example is now listed for Chase")).toBeVisible();

    await page.goto("/admin/audit");
    await expect(page.getByText("Approved referral link").first()).toBeVisible();

    await signInAs(context, baseURL!, owner);
    await page.goto(`/apply?q=${word.toLowerCase()}`);
    await expect(page.getByRole("listitem", { name: "Chase Sapphire Reserve" })).toBeVisible();
  });
});

test.describe("members' cards without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an Other card of a listed issuer waits for review and an admin merges it into the catalogue card", async ({
    page,
    context,
    baseURL,
    login,
    loginAsAdmin,
  }) => {
    const name = `Sapphire Look-alike ${uniqueSuffix()}`;
    const owner = await login({ firstName: "Mo" });
    await page.goto("/refer");
    await page.getByLabel("Card issuer").selectOption("Chase");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("link", { name: "Other Chase card" }).click();
    // Only what a member knows: the issuer is filled in; no image, cap or varying-bonus fields.
    await expect(page.getByLabel(/^Card Issuer/)).toHaveValue("Chase");
    await expect(page.getByLabel(/^Image URL/)).toHaveCount(0);
    await expect(page.getByLabel(/^Max referrals per member/)).toHaveCount(0);
    await page.getByLabel(/^Card Name/).fill(name);
    await page.getByLabel(/^Card Category/).selectOption("Travel");
    await page.getByLabel(/^Annual Fee/).fill("95");
    await page.getByLabel(/^Description/).fill("The one with the lounge access");
    await page.getByLabel(/^Referral link/).fill(`https://www.referyourchasecard.com/mo/${uniqueSuffix()}`);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("A card you add waits for an admin's review")).toBeVisible();
    await page.getByRole("button", { name: "Confirm & Create" }).click();
    const mine = page.getByRole("listitem", { name });
    await expect(mine).toContainText("Waiting for review");
    await expect(mine).toContainText("is a card you added");

    await loginAsAdmin();
    await page.goto("/admin/review");
    const item = page.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("Waiting for review");
    await item.getByLabel("Merge into").selectOption({ label: "Chase: Chase Sapphire Preferred Card" });
    await item.getByRole("button", { name: "Merge and move its referrals" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);

    await signInAs(context, baseURL!, owner);
    await page.goto("/dashboard/my-referrals");
    const moved = page.getByRole("listitem", { name: "Chase Sapphire Preferred Card" });
    await expect(moved).toBeVisible();
    await expect(moved).not.toContainText("Waiting for review");
  });
});
