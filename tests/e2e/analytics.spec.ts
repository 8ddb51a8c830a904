import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../db/seed/demo";
import { shortDate } from "~/modules/analytics/axes";
import { expectNoSeriousA11yViolations } from "./axe";
import { browserFor, expect, signIn, signInAs, test } from "./fixtures";
import { screenPath } from "./screens";

const today = () => new Date().toISOString().slice(0, 10);

/** The rows of the table of figures by day, once its disclosure is open (it stays open across a switch with JavaScript). */
async function dayRows(page: Page) {
  const disclosure = page.locator("details", { hasText: "The figures by day, as a table" });
  if (!(await disclosure.evaluate((node: HTMLDetailsElement) => node.open))) {
    await page.getByText("The figures by day, as a table").click();
  }
  const table = page.getByRole("table", { name: /figures by day/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "Day",
    "Views",
    "Link clicks",
    "Applications",
    "Approvals",
    "Confirmed successes",
    "Shares paid",
  ]);
  return table.locator("tbody tr");
}

/** Switches the period through its link and checks the page says so. */
async function switchTo(page: Page, days: number) {
  await page
    .getByRole("navigation", { name: "Period" })
    .getByRole("link", { name: `${days} days` })
    .click();
  await expect(page).toHaveURL(new RegExp(`days=${days}`));
  await expect(page.getByRole("link", { name: `${days} days` })).toHaveAttribute("aria-current", "page");
}

test.describe("a referrer's analytics", () => {
  test("the seeded referrer reads 30 and 90 days: axes with values and dates, the same figures in a table", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    // axe on a page of six charts and a 90-row table, at two widths, on a shared machine.
    test.slow();
    const alice = await signIn(request, "alice@cardshare.local", DEMO_PASSWORD);
    await signInAs(context, baseURL!, alice);
    await page.goto("/dashboard/analytics");
    await expect(page.getByRole("heading", { name: "Referral analytics" })).toBeVisible();
    // The demo's activity: a market, not a single bar.
    expect(Number(await page.getByTestId("total-views").textContent())).toBeGreaterThan(100);

    const views = page.getByTestId("chart-views");
    await expect(views).toHaveAttribute("aria-label", /^Views per day from \w+ \d+ to \w+ \d+: \d+ in all/);
    const values = await views.locator('[data-axis="values"] span').allTextContents();
    expect(values[0]).toBe("0");
    expect(values.length).toBeGreaterThanOrEqual(3);
    const dates = views.locator('[data-axis="dates"] span');
    await expect(dates).toHaveCount(6);
    await expect(dates.last()).toHaveText(shortDate(today()));
    for (const label of await dates.all()) await expect(label).toBeVisible();
    // No two date labels overlap.
    const boxes = await dates.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON()));
    for (let index = 1; index < boxes.length; index++) {
      expect(boxes[index].left).toBeGreaterThan(boxes[index - 1].right);
    }

    await expect(await dayRows(page)).toHaveCount(30);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Date labels that show do not run into each other at this width either.
      const shown = await views
        .locator('[data-axis="dates"] span:visible')
        .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON()));
      expect(shown.length).toBeGreaterThanOrEqual(3);
      for (let index = 1; index < shown.length; index++)
        expect(shown[index].left).toBeGreaterThan(shown[index - 1].right);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: screenPath(`analytics-${width}.png`) });
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await switchTo(page, 90);
    await expect(page.getByText(/^Views per day/)).toBeVisible();
    await expect(await dayRows(page)).toHaveCount(90);
    await expect(views.locator('[data-axis="dates"] span').last()).toHaveText(shortDate(today()));
  });

  test("the range switches without JavaScript", async ({ browser, baseURL, request }) => {
    const alice = await signIn(request, "alice@cardshare.local", DEMO_PASSWORD);
    const { context, page } = await browserFor(browser, baseURL!, alice, false);
    await page.goto("/dashboard/analytics");
    await expect(await dayRows(page)).toHaveCount(30);
    await switchTo(page, 90);
    await expect(await dayRows(page)).toHaveCount(90);
    await switchTo(page, 7);
    await expect(page.getByTestId("chart-views").locator('[data-axis="dates"] span').last()).toHaveText(
      shortDate(today()),
    );
    await context.close();
  });

  test("a member with no referrals reads an empty state, not empty charts", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard/analytics?days=90");
    await expect(page.getByRole("heading", { name: "No activity in the last 90 days" })).toBeVisible();
    await expect(page.getByText("You have no referrals yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Share a referral" })).toHaveAttribute("href", "/refer");
    await expect(page.getByTestId("chart-views")).toHaveCount(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
    }
  });
});
