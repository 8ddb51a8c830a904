/**
 * Every page, as each kind of person sees it, at 1280 and 390 px: axe-core finds no violation of
 * WCAG 2.1 A/AA at any impact (docs/product.md#accessibility), and the browser reports no
 * Content-Security-Policy refusal (an event or a console error; tests/e2e/csp.ts). The journeys
 * check pages in their states (dialogs open, errors shown); this sweep makes sure no page is left out.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { settled } from "./axe";
import { watchCsp } from "./csp";
import { apiAs, createReferral, expect, test, type NewUser, type TestUser } from "./fixtures";

const WIDTHS = [1280, 390] as const;

interface Found {
  path: string;
  width: number;
  id: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * Visits each path at one width and returns every violation axe finds and every CSP refusal the
 * page reported (empty when none).
 */
async function sweep(page: Page, width: number, paths: string[]): Promise<Found[]> {
  const found: Found[] = [];
  const csp = await watchCsp(page);
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  {
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response, path).not.toBeNull();
      await page.waitForLoadState("load");
      await settled(page);
      const results = await new AxeBuilder({ page })
        // Beside WCAG's rules, headings in order (a best practice): no h3 without an h2 above it.
        .options({ rules: { "heading-order": { enabled: true } } })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        // Pages, not toasts: a toast's contrast depends on when it is caught (sliding, stacked);
        // the journeys that raise toasts check them with the page.
        .exclude("[data-sonner-toaster]")
        .analyze();
      for (const violation of results.violations) {
        found.push({
          path,
          width,
          id: violation.id,
          impact: violation.impact,
          targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
        });
      }
      for (const refusal of await csp.take()) {
        found.push({ path, width, id: `csp-${refusal.source}`, impact: "serious", targets: [refusal.detail] });
      }
    }
  }
  return found;
}

/** A shared referral's code and a seeded card's page (the first card page in the sitemap). */
async function publicPages(request: APIRequestContext, createUser: (options?: NewUser) => Promise<TestUser>) {
  const referrer = await createUser();
  const { referralId } = await createReferral(request, referrer);
  const { data } = await apiAs(request, referrer).get<{ data: { code: string } }>(
    `/api/referrals/card-refer/id/${referralId}`,
  );
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const cardPage = new URL(sitemap.match(/<loc>([^<]*\/cards\/[^<]+)<\/loc>/)![1]).pathname;
  return { code: data.code, cardPage };
}

for (const width of WIDTHS) {
  test.describe(`accessibility of every page at ${width} px`, () => {
    // Each test visits up to a dozen pages and runs axe on each.
    test.describe.configure({ mode: "parallel", timeout: 150_000 });

    test("a visitor's pages", async ({ page, request, createUser }) => {
      const { code, cardPage } = await publicPages(request, createUser);
      const found = await sweep(page, width, [
        "/cards",
        cardPage,
        `/r/${code}`,
        "/r/no-such-code",
        "/",
        "/terms",
        "/privacy",
        "/auth",
        "/auth?tab=register",
        "/auth/forgot-password",
        "/auth/reset-password?token=not-a-token",
        "/auth/verify-email?token=not-a-token",
        "/auth/verify-pending",
        "/no-such-page",
      ]);
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });

    test("a member's pages", async ({ page, login, createUser, request }) => {
      const referrer = await createUser();
      const { referralId } = await createReferral(request, referrer);
      const member = await login();
      const own = await createReferral(request, member);
      const chat = await apiAs(request, member).post<{ id: string }>("/api/chats", { targetUserId: referrer.id });
      const found = await sweep(page, width, [
        "/refer",
        "/apply",
        `/apply/${referralId}`,
        `/apply/${referralId}?step=1`,
        "/dashboard/my-referrals",
        `/dashboard/referrals/${own.referralId}`,
        "/dashboard/my-applications",
        "/dashboard/analytics",
        "/dashboard/personal-info",
        "/dashboard/personal-info?delete=1",
        "/chat",
        "/chat?new=1",
        `/chat?new=1&q=${referrer.username.slice(0, 6)}`,
        `/chat?chatId=${chat.id}&confirm=delete`,
        // (the direct chat opened above is the first in the list)
        `/profile/${referrer.id}`,
        `/profile/${member.id}`,
        `/profile/${referrer.id}?tab=reviews`,
        `/profile/${referrer.id}?tab=referrals`,
        "/payment-success",
        "/payment-cancel",
      ]);
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });

    test("an admin's pages", async ({ page, loginAsAdmin }) => {
      await loginAsAdmin();
      const found = await sweep(page, width, [
        "/admin",
        "/admin/creditcards",
        "/admin/creditcards?q=chase&sort=name",
        "/admin/creditcards/create",
        "/admin/users",
        "/admin/referrals",
        "/admin/applications",
        "/admin/tips",
        "/admin/reports",
        "/admin/review",
        "/admin/disputes",
        "/admin/audit",
        "/admin/notifications",
      ]);
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });
  });
}
