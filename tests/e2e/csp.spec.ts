/**
 * The CSP watcher the axe sweep relies on (tests/e2e/csp.ts) sees a refusal when there is one and
 * nothing when there is none: a page served with the app's kind of policy (scripts by nonce, no
 * eval) that probes `new Function` the way zod does, and the same page without the probe.
 */
import { expect, test } from "@playwright/test";
import { watchCsp } from "./csp";

const ORIGIN = "https://csp-probe.test";

function servePage(page: import("@playwright/test").Page, script: string) {
  return page.route(`${ORIGIN}/`, (route) =>
    route.fulfill({
      contentType: "text/html",
      headers: { "Content-Security-Policy": "default-src 'self'; script-src 'self' 'nonce-probe'" },
      body: `<!doctype html><title>probe</title><p>probe</p><script nonce="probe">${script}</script>`,
    }),
  );
}

test("the watcher reports a swallowed eval probe, as an event and as a DevTools issue", async ({ page }) => {
  const csp = await watchCsp(page);
  await servePage(page, `try { new Function(""); } catch (_) {}`);
  await page.goto(`${ORIGIN}/`);
  const found = await csp.take();
  expect(found.filter((entry) => entry.source === "event").map((entry) => entry.detail)).toEqual([
    expect.stringContaining("script-src refused eval"),
  ]);
  expect(found.filter((entry) => entry.source === "issue").map((entry) => entry.detail)).toEqual([
    expect.stringContaining("script-src kEvalViolation"),
  ]);
});

test("the watcher reports an inline script without the nonce", async ({ page }) => {
  const csp = await watchCsp(page);
  await servePage(page, `document.body.append(Object.assign(document.createElement("script"), { text: "1" }));`);
  await page.goto(`${ORIGIN}/`);
  expect((await csp.take()).map((entry) => entry.detail)).toContainEqual(
    expect.stringContaining("script-src-elem refused inline"),
  );
});

test("the watcher reports nothing on a page the policy allows", async ({ page }) => {
  const csp = await watchCsp(page);
  await servePage(page, `document.body.dataset.ran = "yes";`);
  await page.goto(`${ORIGIN}/`);
  await expect(page.locator("body")).toHaveAttribute("data-ran", "yes");
  expect(await csp.take()).toEqual([]);
});
