import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { screenPath } from "./screens";

/** The admin lists whose tables must show every column at 1280 px (issue 31). */
const TABLES = [
  { path: "/admin/users", name: "Users", last: "Actions", screen: "admin-users" },
  { path: "/admin/referrals", name: "Referrals", last: "Actions", screen: "admin-referrals" },
  { path: "/admin/applications", name: "Applications", last: "Updated", screen: "admin-applications" },
];

test.describe("admin tables that fit", () => {
  for (const table of TABLES) {
    test(`${table.path}: every column at 1280 px; at 390 px the table scrolls, not the page`, async ({
      page,
      loginAsAdmin,
    }) => {
      // Two widths, axe at each: a long test on a shared machine.
      test.slow();
      await loginAsAdmin();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(table.path);
      const frame = page.getByRole("region", { name: table.name });
      const lastHeader = frame.getByRole("columnheader").last();
      await expect(lastHeader).toHaveText(table.last);
      // The seeded market fills the first page.
      await expect(frame.locator("tbody tr")).not.toHaveCount(1);
      await expect(lastHeader).toBeInViewport({ ratio: 1 });
      const lastCells = frame.locator("tbody tr td:last-child");
      await expect(lastCells.first()).toBeInViewport({ ratio: 1 });
      // Nothing hidden behind a sideways scroll: the frame is as wide as its table.
      expect(await frame.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`${table.screen}-1280.png`) });

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(lastHeader).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await frame.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
      // The frame scrolls sideways to its last column.
      await frame.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
      await expect(lastHeader).toBeInViewport({ ratio: 1 });
      await frame.evaluate((node) => node.scrollTo({ left: 0 }));
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`${table.screen}-390.png`) });
    });
  }
});
