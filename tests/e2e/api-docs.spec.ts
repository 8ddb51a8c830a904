import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Stricter than tests/e2e/axe.ts (which keeps serious and critical ones): this page is mostly a
 * third-party renderer, so every WCAG A/AA violation of any impact fails, naming each element.
 */
async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

test.describe("API reference", () => {
  test("renders the OpenAPI document from our own assets, under the page's CSP", async ({ page, baseURL }) => {
    const blocked: string[] = [];
    const outside: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
    });
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin) outside.push(request.url());
    });

    const response = await page.goto("/api/docs");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
    await expect(page.getByRole("heading", { level: 1, name: "Cardshare API reference" })).toBeVisible();
    const login = page.locator(".opblock-post").filter({ hasText: "/api/users/login" });
    await expect(login).toBeVisible();
    await expect(login).toContainText("POST");
    await expect(login).toContainText("Sign in with email and password");

    // Opening an operation shows its request body schema, read from the document.
    await login.locator(".opblock-summary-control").click();
    await expect(login.getByRole("heading", { name: /Request body/ })).toBeVisible();
    await expect(login.locator(".opblock-body")).toContainText("password");

    expect(blocked, blocked.join("\n")).toEqual([]);
    expect(outside, outside.join("\n")).toEqual([]);
  });

  test("has no accessibility violation, listed or with an operation open", async ({ page }) => {
    // Two axe passes over Swagger UI's large DOM (every /api operation): seconds each on a busy 2-core machine.
    test.slow();
    await page.goto("/api/docs");
    await expect(page.locator(".opblock").first()).toBeVisible();
    await expectNoA11yViolations(page);

    const login = page.locator(".opblock-post").filter({ hasText: "/api/users/login" });
    await login.locator(".opblock-summary-control").click();
    await expect(login.locator(".responses-table").first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("api-docs.png"), fullPage: true });
    await expectNoA11yViolations(page);
  });
});
