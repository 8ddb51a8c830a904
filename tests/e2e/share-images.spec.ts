/**
 * Link previews (docs/decisions/201): a card page and a shared referral's page of the demo market
 * name a share image of their own, which the image Worker draws (both Workers run in the e2e
 * server's one wrangler session). The images themselves are the screenshots.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenPath } from "./screens";

/** The page's share image as its meta tags name it, fetched as a link preview's crawler would. */
async function shareImageOf(page: Page, request: APIRequestContext) {
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/\/og\.png$/);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const response = await request.get(new URL(image!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const body = await response.body();
  expect({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
  return body;
}

function keep(file: string, png: Buffer) {
  const target = screenPath(file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, png);
}

test("a card page and a referral's page preview with share images of their own", async ({ page, request }) => {
  // The card whose referrers share the most, so both images carry a share as money.
  await page.goto("/cards?sort=share");
  const first = page.getByRole("list", { name: "Cards" }).getByRole("listitem").first();
  await first.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/cards\/[a-z0-9-]+$/);
  keep("share-image-card.png", await shareImageOf(page, request));

  const sharing = page.getByRole("listitem").filter({ has: page.getByTestId("share-text") });
  await sharing
    .first()
    .getByRole("link", { name: /^Details: / })
    .click();
  await expect(page).toHaveURL(/\/r\/[a-z0-9]+$/);
  keep("share-image-referral.png", await shareImageOf(page, request));

  // What an image route answers when the image Worker fails is a static asset (ADR 201).
  const fallback = await request.get("/og/default.png");
  expect(fallback.status()).toBe(200);
  expect(fallback.headers()["content-type"]).toBe("image/png");
});
