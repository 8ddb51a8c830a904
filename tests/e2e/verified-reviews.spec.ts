import type { APIRequestContext, Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { apiAs, chaseReferralLink, createCatalogueCard, expect, signInAs, test, type TestUser } from "./fixtures";
import { screenPath } from "./screens";

/**
 * Issue 30 (docs/decisions/175): the rating given on applying is a first impression; the referrer's
 * "bonus posted" reaches the applicant's open page without a reload; confirming the bonus makes
 * the application Successful, and the rating confirmed after it counts in the average.
 */
async function appliedAndRated(request: APIRequestContext, referrer: TestUser, applicant: TestUser) {
  const cardName = `Verified${uniqueSuffix()} Card`;
  const cardId = await createCatalogueCard(request, { name: cardName });
  const created = await apiAs(request, referrer).post<{ data: { _id: string } }>("/api/referrals/card-refer/generate", {
    creditCardId: cardId,
    referralLink: chaseReferralLink(),
    sharingBenefitPortion: 0,
  });
  const referralId = created.data._id;
  const applied = await apiAs(request, applicant).post<{ data: { _id: string } }>("/api/applications/card-apply", {
    referralId,
  });
  await apiAs(request, applicant).post("/api/referrals/card-refer/comment", {
    commentType: "applicantToReferrer",
    referralId,
    rating: 3,
    comment: "Quick link, we will see",
  });
  return { referralId, applicationId: applied.data._id, cardName };
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

test.describe("reviews that wait for the outcome", () => {
  test("the bonus posted reaches the open page without a reload; the confirmed rating counts", async ({
    page,
    context,
    baseURL,
    request,
    createUser,
  }) => {
    test.slow();
    const referrer = await createUser({ firstName: "Vera", lastName: "Referrer" });
    const applicant = await createUser({ firstName: "Ada", lastName: "Applicant" });
    const { referralId, applicationId } = await appliedAndRated(request, referrer, applicant);

    // Before the outcome: a first impression, not in the average.
    await signInAs(context, baseURL!, applicant);
    await page.goto(`/apply/${referralId}`);
    const referrerBox = page.getByRole("complementary", { name: "Referrer" });
    await expect(referrerBox).toContainText("No verified reviews yet");
    await expect(page.getByText("First impression").first()).toBeVisible();

    await page.goto("/dashboard/my-applications");
    await expect(timeline(page)).toContainText("Nothing recorded after applying yet.");
    // A mark that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    await postBonus(request, referrer, applicationId);
    await expect(timeline(page)).toContainText("Referral bonus posted");
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);

    await confirmBonusAndRating(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: screenPath(`verified-review-applications-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/apply/${referralId}`);
    await expect(referrerBox).toContainText(/5\.0( out of 5)? from 1 verified review/);
    await expect(referrerBox.getByRole("link", { name: /from 1 verified review/ })).toHaveAttribute(
      "href",
      `/profile/${referrer.id}?tab=reviews#reviews`,
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: screenPath(`verified-review-referral-${width}.png`) });
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("bonus posted, bonus confirmed and the rating counted, as plain forms", async ({
      page,
      context,
      baseURL,
      request,
      createUser,
    }) => {
      const referrer = await createUser();
      const applicant = await createUser();
      const { referralId, applicationId } = await appliedAndRated(request, referrer, applicant);
      await postBonus(request, referrer, applicationId);

      await signInAs(context, baseURL!, applicant);
      await page.goto("/dashboard/my-applications");
      await expect(timeline(page)).toContainText("Referral bonus posted");
      await confirmBonusAndRating(page);

      await page.goto(`/apply/${referralId}`);
      await expect(page.getByRole("complementary", { name: "Referrer" })).toContainText(
        /5\.0( out of 5)? from 1 verified review/,
      );
    });
  });
});
