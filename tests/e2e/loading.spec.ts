import type { Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { LAZY_IMAGE_MARGIN_PX } from "../../app/components/ui/lazy-image";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, chaseReferralLink, createCatalogueCard, expect, test, type TestUser } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";

/** Referrals of new catalogue cards that have art, so /apply shows a column of images (`count` of them). */
async function referralsWithImages(request: APIRequestContext, referrer: TestUser, count: number) {
  const name = `Lazyart${uniqueSuffix().replace(/[^a-z0-9]/gi, "")}`;
  for (let index = 0; index < count; index++) {
    const cardId = await createCatalogueCard(request, {
      name: `${name} ${index}`,
      description: "A card with art.",
      imageUrl: `https://img.lazy.test/${name}/${index}.png`,
    });
    await apiAs(request, referrer).post("/api/referrals/card-refer/generate", {
      creditCardId: cardId,
      referralLink: chaseReferralLink(),
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

test.describe("loading feedback", () => {
  for (const { link, data, path } of [
    { link: "Find referrals", data: /\/apply\.data/, path: /\/apply$/ },
    { link: "Chat", data: /\/chat\.data/, path: /\/chat$/ },
  ]) {
    test(`a slow page (${link}): the top progress bar and the page's skeleton, then the page`, async ({
      page,
      login,
    }) => {
      await login();
      await page.goto("/terms");
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(data, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
      await expect(page.getByTestId("pending-page").getByTestId("skeleton")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      release();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await expect(page.getByTestId("pending-page")).toHaveCount(0);
    });
  }

  test("a pending search disables its button and shows skeleton results", async ({ page, login }) => {
    await login();
    await page.goto("/apply");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/apply\.data/, async (route) => {
      await held;
      await route.continue();
    });
    const search = page.getByRole("button", { name: "Search", exact: true });
    await page.getByLabel("Search", { exact: true }).fill("travel");
    await search.click();
    await expect(search).toBeDisabled();
    await expect(search).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("region", { name: "Referrals" }).getByTestId("skeleton")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    release();
    await expect(page).toHaveURL(/q=travel/);
    await expect(search).toBeEnabled();
    await expect(page.getByTestId("skeleton")).toHaveCount(0);
  });
});
