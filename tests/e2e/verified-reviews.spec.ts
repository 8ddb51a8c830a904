import type { APIRequestContext, Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import {
  apiAs,
  browserFor,
  chaseReferralLink,
  createCatalogueCard,
  expect,
  signInAs,
  test,
  type TestUser,
} from "./fixtures";
import { screenPath } from "./screens";

/**
 * Issue 30 (docs/decisions/175, 185), the whole journey with and without JavaScript: a visitor
 * reads the share as money on /r/{code}; signed in, on the tile and the referral page; applies
 * through the dialog and gives a first impression that does not count; the referrer's "bonus
 * posted" reaches the applicant's open page without a reload (with JavaScript); confirming the
 * bonus makes the application Successful, and the rating confirmed after it counts, on the
 * referral page, the tile and /r/{code}.
 */
const SHARE_TEXT = "$50 by Zelle within 7 days of the bonus posting";

/** A listed card and a referral through it that shares $50 by Zelle (ADR 185). */
async function referralWithShare(request: APIRequestContext, referrer: TestUser) {
  const word = `Verif${uniqueSuffix()}`.slice(0, 16);
  const cardName = `${word} Card`;
  const cardId = await createCatalogueCard(request, { name: cardName });
  const created = await apiAs(request, referrer).post<{ data: { _id: string; code: string } }>(
    "/api/referrals/card-refer/generate",
    {
      creditCardId: cardId,
      referralLink: chaseReferralLink(),
      sharingBenefitPortion: 25,
      specialReferrerBonus: { amount: 200, unit: "USD" },
      shareMethod: "zelle",
      shareDeadlineDays: 7,
    },
  );
  return { referralId: created.data._id, code: created.data.code, word, cardName };
}

/**
 * Opens `path` and waits for the page's notification socket (its first frame, or a few seconds), so
 * a notice sent next reaches it (with JavaScript; without, a plain visit).
 */
async function openLive(page: Page, path: string, withScript: boolean) {
  const socket = withScript ? page.waitForEvent("websocket", (ws) => ws.url().includes("/parties/")) : null;
  await page.goto(path);
  if (!socket) return;
  await (await socket).waitForEvent("framereceived", { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
}

/** Still the page `openLive` opened, never reloaded since. */
const unreloaded = (page: Page) => page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded);

/** The documentation's screenshots of what the page shows now, at 1280 and 390 px. */
async function screens(page: Page, name: string, fullPage = false) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: screenPath(`${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The apply dialog's steps 1 and 2 (a dialog with JavaScript, a step of the page without): applied, 3 stars. */
async function applyWithFirstImpression(page: Page, withScript: boolean) {
  await page.getByRole("link", { name: "Already applied? Tell us" }).click();
  const step1 = withScript ? page.getByRole("dialog", { name: "Did you apply?" }) : page.locator("main");
  if (withScript) {
    await expect(step1).toBeVisible();
    await screens(page, "apply-dialog-applied");
  }
  await step1.getByRole("button", { name: "Yes" }).click();
  const step2 = withScript
    ? page.getByRole("dialog", { name: "Rate the referrer: your first impression" })
    : page.locator("main");
  const impression = step2.getByRole("group", { name: "First impression" });
  await expect(impression).toBeVisible();
  await impression.getByRole("radio", { name: "3 stars" }).check({ force: true });
  await step2.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Was the experience great?").first()).toBeVisible();
}

const timeline = (page: Page) => page.getByRole("region", { name: "After applying" }).first();

async function postBonus(request: APIRequestContext, referrer: TestUser, applicationId: string) {
  await apiAs(request, referrer).post(`/api/applications/card-apply/${applicationId}/outcome`, {
    step: "bonus-posted",
  });
}

/** The applicant confirms the bonus, then their rating (5 stars), as plain forms. */
async function confirmBonusAndRating(page: Page) {
  await timeline(page).getByRole("button", { name: "Sign-up bonus received" }).click();
  await expect(timeline(page)).toContainText("(Successful)");
  const prompt = page.getByRole("form", { name: "The outcome is in: confirm your rating" });
  await expect(prompt).toContainText("was a first impression and does not count yet");
  await prompt.getByRole("radio", { name: "5 stars" }).check({ force: true });
  await prompt.getByRole("button", { name: "Confirm rating" }).click();
  await expect(page.getByRole("form", { name: "The outcome is in: confirm your rating" })).toHaveCount(0);
  await page.locator("summary", { hasText: "Comments" }).first().click();
  await expect(page.getByText("Verified outcome").first()).toBeVisible();
}

for (const withScript of [true, false]) {
  test.describe(`the issue 30 journey ${withScript ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: withScript });

    test("apply, a first impression, bonus posted, bonus confirmed, the rating counted; the share as money", async ({
      page,
      browser,
      context,
      baseURL,
      request,
      createUser,
    }) => {
      test.slow();
      const referrer = await createUser({ firstName: "Vera", lastName: "Referrer" });
      const applicant = await createUser({ firstName: "Ada", lastName: "Applicant" });
      const { referralId, code, word, cardName } = await referralWithShare(request, referrer);

      // A visitor's /r/{code}: the share as money, no verified review yet.
      await page.goto(`/r/${code}`);
      await expect(page.getByText(SHARE_TEXT)).toBeVisible();
      await expect(page.getByRole("complementary", { name: "Referrer" })).toContainText("No verified reviews yet");

      // Signed in: the tile and the referral page say it the same way.
      await signInAs(context, baseURL!, applicant);
      await page.goto(`/apply?q=${word}`);
      const tile = page.getByRole("listitem").filter({ hasText: cardName });
      await expect(tile.getByText(SHARE_TEXT)).toBeVisible();
      await page.goto(`/apply/${referralId}`);
      await expect(page.getByText(SHARE_TEXT).first()).toBeVisible();

      // Applying with a first impression: it does not count.
      await applyWithFirstImpression(page, withScript);
      await page.goto(`/apply/${referralId}`);
      const referrerBox = page.getByRole("complementary", { name: "Referrer" });
      await expect(referrerBox).toContainText("No verified reviews yet");
      await expect(page.getByText("First impression").first()).toBeVisible();

      // The referrer's step reaches the open page: without a reload when JavaScript runs.
      await openLive(page, "/dashboard/my-applications", withScript);
      await expect(timeline(page)).toContainText("Nothing recorded after applying yet.");
      const application = await apiAs(request, applicant).get<{ data: { _id: string }[] }>(
        "/api/applications/card-apply",
      );
      await postBonus(request, referrer, application.data[0]!._id);
      if (withScript) {
        await expect(timeline(page)).toContainText("Referral bonus posted");
        expect(await unreloaded(page)).toBe(true);
      } else {
        await page.reload();
        await expect(timeline(page)).toContainText("Referral bonus posted");
      }

      // The referrer's open page of the referral follows the applicant's step the same way.
      const referrerView = withScript ? await browserFor(browser, baseURL!, referrer) : null;
      if (referrerView) {
        await openLive(referrerView.page, `/dashboard/referrals/${referralId}`, true);
        await expect(timeline(referrerView.page)).toContainText("Referral bonus posted");
        await expect(timeline(referrerView.page)).not.toContainText("(Successful)");
      }
      await confirmBonusAndRating(page);
      if (referrerView) {
        await expect(timeline(referrerView.page)).toContainText("(Successful)");
        expect(await unreloaded(referrerView.page)).toBe(true);
        await referrerView.context.close();
      }
      if (withScript) await screens(page, "verified-review-applications", true);

      // The rating counts, with its basis, wherever the referrer is shown.
      const counted = /5\.0( out of 5)? from 1 verified review/;
      await page.goto(`/apply/${referralId}`);
      await expect(referrerBox).toContainText(counted);
      await expect(referrerBox.getByRole("link", { name: /from 1 verified review/ })).toHaveAttribute(
        "href",
        `/profile/${referrer.id}?tab=reviews#reviews`,
      );
      if (withScript) await screens(page, "verified-review-referral");
      await page.goto(`/apply?q=${word}`);
      await expect(tile.getByText(SHARE_TEXT)).toBeVisible();
      await expect(tile).toContainText(counted);
      if (withScript) await screens(page, "apply-tile-share-money");

      // And on /r/{code}, as a visitor reads it: the share as money, the review verified.
      await context.clearCookies();
      await page.goto(`/r/${code}`);
      await expect(page.getByText(SHARE_TEXT)).toBeVisible();
      await expect(page.getByRole("complementary", { name: "Referrer" })).toContainText(counted);
      await expect(page.getByRole("region", { name: /Latest reviews of/ })).toContainText("Verified outcome");
      if (withScript) await screens(page, "shared-referral-reviews", true);
    });
  });
}
