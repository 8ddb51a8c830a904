import type { Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { LAZY_IMAGE_MARGIN_PX } from "../../app/components/ui/lazy-image";
import { apiAs, expect, test, type TestUser } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";

/** Referrals of new cards that have art, so /apply shows a column of images (`count` of them). */
async function referralsWithImages(request: APIRequestContext, referrer: TestUser, count: number) {
  const name = `Lazyart${uniqueSuffix().replace(/[^a-z0-9]/gi, "")}`;
  for (let index = 0; index < count; index++) {
    await apiAs(request, referrer).post("/api/referrals/card-refer/generate", {
      creditCardId: "other",
      newCard: {
        name: `${name} ${index}`,
        issuer: "Lazy Bank",
        category: "Rewards",
        annualFee: 0,
        description: "A card with art.",
        imageUrl: `https://img.lazy.test/${name}/${index}.png`,
      },
      referralLink: `https://refer.lazy.example/${name}/${index}`,
      sharingBenefitPortion: 0,
    });
  }
  return name;
}

/** The frames of the lazy images, with how far below the window's bottom each starts. */
async function framesBelowFold(page: Page) {
  return page.locator("main [data-lazy-image]").evaluateAll((frames) =>
    frames.map((frame) => ({
      below: frame.getBoundingClientRect().top - window.innerHeight,
      loaded: frame.querySelector("img") !== null,
    })),
  );
}

test("lazy images load once they are 240 px from the window, not before", async ({
  page,
  request,
  login,
  createUser,
}) => {
  const referrer = await createUser();
  const name = await referralsWithImages(request, referrer, 8);
  await login();
  const requested: string[] = [];
  await page.route("https://img.lazy.test/**", async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: "image/svg+xml",
      body: "<svg xmlns='http://www.w3.org/2000/svg'/>",
    });
  });
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(`/apply?q=${name}`);
  await expect(page.locator("main [data-lazy-image]")).toHaveCount(8);
  await expect(page.locator("main [data-lazy-image] img").first()).toBeAttached();
  const check = async () => {
    const frames = await framesBelowFold(page);
    // Clear of the boundary by 40 px either way, so a pixel of layout does not decide.
    for (const frame of frames) {
      if (frame.below < LAZY_IMAGE_MARGIN_PX - 40) expect(frame.loaded).toBe(true);
      if (frame.below > LAZY_IMAGE_MARGIN_PX + 40) expect(frame.loaded).toBe(false);
    }
    return frames;
  };
  const before = await check();
  expect(before.some((frame) => !frame.loaded)).toBe(true);
  expect(requested.length).toBe(before.filter((frame) => frame.loaded).length);
  await page.mouse.wheel(0, 600);
  await expect
    .poll(async () => (await framesBelowFold(page)).filter((frame) => frame.loaded).length)
    .toBeGreaterThan(before.filter((frame) => frame.loaded).length);
  await check();
});
