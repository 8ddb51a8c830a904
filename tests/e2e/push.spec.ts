import { apiAs, expect, expectNoScriptToast, test } from "./fixtures";

const SETTINGS = "/dashboard/personal-info";

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (keys of the right sizes). */
function subscription(id: string) {
  const bytes = (length: number, first?: number) => {
    const array = new Uint8Array(length).map((_, index) => (index * 7 + 3) % 256);
    if (first !== undefined) array[0] = first;
    return Buffer.from(array).toString("base64url");
  };
  return {
    endpoint: `https://push.example.com/push/${id}`,
    expirationTime: null,
    keys: { p256dh: bytes(65, 4), auth: bytes(16) },
  };
}

test.describe("An installable app: manifest, service worker, offline page", () => {
  // The project's other journeys run without service workers (playwright.config.ts); these need it.
  test.use({ serviceWorkers: "allow" });

  test("the manifest and its icons load, and the service worker takes over without breaking the pages", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ name: "Cardshare", start_url: "/dashboard", display: "standalone" });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toMatch(/\/sw\.js$/);
    // Under the service worker, a client-side navigation and a full page load still work.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole("banner").getByRole("link", { name: "Browse cards" }).click();
    await expect(page).toHaveURL(/\/cards$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/apply");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the offline page shows when the network is down", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto("/apply").catch(() => undefined);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  });
});

test.describe("Push on Personal Info without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says subscribing needs JavaScript, lists the browsers with push and turns one off", async ({
    page,
    request,
    login,
  }) => {
    const member = await login({ firstName: "Otto", lastName: "Offline" });
    await apiAs(request, member).post("/api/users/push-subscriptions", subscription(member.id));
    await page.goto(SETTINGS);
    const card = page.getByRole("region", { name: "Push notifications" });
    await expect(card.getByText("Turning push on for this browser needs JavaScript")).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn on push for this browser" })).toHaveCount(0);
    const devices = card.getByRole("list", { name: "Browsers with push on" });
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    await devices.getByRole("button", { name: /^Turn off push for / }).click();
    await expectNoScriptToast(page, "Push notifications are off for this browser.");
    await expect(card.getByText("No browser gets your push notifications yet.")).toBeVisible();
  });
});
