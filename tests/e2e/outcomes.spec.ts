import type { BrowserContext, Page } from "@playwright/test";
import { uniqueSuffix } from "../../db/factories";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, chaseReferralLink, createCatalogueCard, expect, signInAs, test, type TestUser } from "./fixtures";
import { screenPath } from "./screens";

/**
 * A referral sharing 20% of a $150 referral bonus ($30) on a new catalogue card (a member's own
 * card would wait for review, docs/decisions/155), with a link on Chase's listed referral host.
 */
async function publishSharedReferral(request: Parameters<typeof apiAs>[0], referrer: TestUser) {
  const cardName = `Outcome${uniqueSuffix()} Card`;
  const cardId = await createCatalogueCard(request, { name: cardName });
  const created = await apiAs(request, referrer).post<{ data: { _id: string } }>("/api/referrals/card-refer/generate", {
    creditCardId: cardId,
    referralLink: chaseReferralLink(),
    sharingBenefitPortion: 20,
    specialReferrerBonus: { amount: 150, unit: "USD" },
  });
  return { referralId: created.data._id, cardName };
}

/** The applicant looks at the referral, clicks Apply (through /go) and says Yes in the dialog. */
async function applyThroughPage(page: Page, context: BrowserContext, referralId: string) {
  // The issuer's page is outside the test: answer it here.
  await context.route("https://www.referyourchasecard.com/**", (route) => route.fulfill({ body: "The issuer" }));
  await page.goto(`/apply/${referralId}`);
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: /Apply with this Referral/ }).click();
  const issuer = await popup;
  await expect(issuer).toHaveURL(/referyourchasecard\.com/);
  await issuer.close();
  const dialog = page.getByRole("dialog", { name: "Did you apply?" });
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("dialog", { name: "Rate the referrer" })).toBeVisible();
}

/** The timeline of the application on the current page. */
const timeline = (page: Page) => page.getByRole("region", { name: "After applying" }).first();

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

test.describe("outcomes after applying", () => {
  test("two members take an application from applied to 'Share received'; profile and analytics follow", async ({
    page,
    context,
    baseURL,
    request,
    createUser,
  }) => {
    // Two members through every step, both dashboards, the profile and the analytics: a long journey.
    test.slow();
    const referrer = await createUser({ firstName: "Rita", lastName: "Referrer" });
    const applicant = await createUser({ firstName: "Abe", lastName: "Applicant" });
    const { referralId, cardName } = await publishSharedReferral(request, referrer);

    await signInAs(context, baseURL!, applicant);
    await applyThroughPage(page, context, referralId);

    // The referrer: the applicant list shows the timeline and the next step.
    await signInAs(context, baseURL!, referrer);
    await page.goto(`/dashboard/referrals/${referralId}`);
    await expect(timeline(page)).toContainText("Mark the referral bonus as posted when the issuer pays it");
    await timeline(page).getByRole("button", { name: "Referral bonus posted" }).click();
    await toast(page, "Recorded: Referral bonus posted");
    await expect(timeline(page)).toContainText("Pay the promised share: $30");
    await expect(timeline(page).getByLabel("Amount paid ($)")).toHaveValue("30");
    await timeline(page).getByLabel("Paid by").selectOption("PayPal");
    await timeline(page).getByRole("button", { name: "Share paid" }).click();
    await toast(page, "Recorded: Share paid");
    await expect(timeline(page)).toContainText("$30 by PayPal");

    // The applicant: asked to confirm, confirms; the follow-up review is offered.
    await signInAs(context, baseURL!, applicant);
    await page.goto("/dashboard/my-applications");
    await expect(timeline(page)).toContainText("Confirm you received $30");
    await timeline(page).getByRole("button", { name: "Sign-up bonus received" }).click();
    await toast(page, "Recorded: Sign-up bonus received");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await timeline(page).scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`outcome-timeline-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await timeline(page).getByRole("button", { name: "Share received" }).click();
    await toast(page, "Recorded: Share received");
    await expect(timeline(page).getByRole("list", { name: "Outcome timeline" }).getByRole("listitem")).toHaveCount(4);
    // No review yet: the review form is offered, open, now that the share is confirmed.
    await expect(page.getByRole("button", { name: "Submit Review" })).toBeVisible();

    // Both dashboards say it is done; the referrer's profile shows the share-paid rate.
    await signInAs(context, baseURL!, referrer);
    await page.goto(`/dashboard/referrals/${referralId}`);
    await expect(timeline(page)).toContainText("Share received");
    await expect(timeline(page).getByRole("button")).toHaveCount(0);
    await page.goto(`/profile/${referrer.id}`);
    const outcomes = page.getByRole("list", { name: "Confirmed outcomes" });
    await expect(outcomes).toContainText("Paid 1 of 1 promised share");
    await expect(outcomes).toContainText("1 confirmed success");

    // Analytics count what the test did: 1 view, 1 click, 1 application, 1 success, 1 share paid;
    // the confirmed success is an approval too, though the applicant never moved the status (ADR 173).
    await page.goto("/dashboard/analytics?days=7");
    await expect(page.getByTestId("total-views")).toHaveText("1");
    await expect(page.getByTestId("total-clicks")).toHaveText("1");
    await expect(page.getByTestId("total-applications")).toHaveText("1");
    await expect(page.getByTestId("total-approvals")).toHaveText("1");
    await expect(page.getByTestId("total-successes")).toHaveText("1");
    await expect(page.getByTestId("total-sharesPaid")).toHaveText("1");
    await expect(page.getByRole("row", { name: new RegExp(cardName) })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
    }
    const api = await apiAs(request, referrer).get<{ totals: Record<string, number> }>(
      "/api/referrals/card-refer/analytics?days=30",
    );
    expect(api.totals).toMatchObject({
      views: 1,
      clicks: 1,
      applications: 1,
      approvals: 1,
      successes: 1,
      sharesPaid: 1,
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a dispute opens the chat with its context and reaches the admin list", async ({
      page,
      context,
      baseURL,
      request,
      createUser,
      loginAsAdmin,
    }) => {
      const referrer = await createUser({ firstName: "Dora", lastName: "Debtor" });
      const applicant = await createUser({ firstName: "Pat", lastName: "Patient" });
      const { referralId } = await publishSharedReferral(request, referrer);
      await apiAs(request, applicant).post("/api/applications/card-apply", { referralId });

      await signInAs(context, baseURL!, referrer);
      await page.goto(`/dashboard/referrals/${referralId}`);
      await timeline(page).getByRole("button", { name: "Referral bonus posted" }).click();
      await expect(timeline(page)).toContainText("Pay the promised share: $30");

      await signInAs(context, baseURL!, applicant);
      await page.goto("/dashboard/my-applications");
      await timeline(page).getByText("The share did not arrive?").click();
      await timeline(page).getByLabel("What happened").fill("Two weeks and nothing in my account");
      await timeline(page).getByRole("button", { name: "Not received" }).click();
      await expect(timeline(page)).toContainText("Dispute open");
      await expect(timeline(page)).toContainText("Two weeks and nothing in my account");
      // What happens next, in the applicant's words (ADR 175).
      await expect(timeline(page)).toContainText("The referrer has until");

      await signInAs(context, baseURL!, referrer);
      await page.goto(`/dashboard/referrals/${referralId}`);
      await expect(timeline(page)).toContainText("The applicant says the share did not arrive");
      await expect(timeline(page)).toContainText("Answer with a note by");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await timeline(page).getByLabel("Your answer to the dispute").scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenPath(`dispute-referrer-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await timeline(page).getByLabel("Your answer to the dispute").fill("Sent by Zelle on the 3rd");
      await timeline(page).getByRole("button", { name: "Send answer" }).click();
      await expect(timeline(page)).toContainText("The referrer answered. Next, an admin decides");

      await signInAs(context, baseURL!, applicant);
      await page.goto("/dashboard/my-applications");
      await expect(timeline(page)).toContainText("Referrer's answer: “Sent by Zelle on the 3rd”");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await timeline(page).getByText("Referrer's answer").scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenPath(`dispute-applicant-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      await signInAs(context, baseURL!, referrer);
      await page.goto("/chat");
      await expect(page.getByText(/Dispute: I have not received the share/).first()).toBeVisible();

      await loginAsAdmin();
      await page.goto("/admin/disputes");
      // Each dispute with both notes, the timeline and the chat in front of the admin (ADR 175).
      const row = page.getByRole("article").filter({ hasText: "Two weeks and nothing" });
      await expect(row).toBeVisible();
      await expect(row).toContainText("Sent by Zelle on the 3rd");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: screenPath(`admin-disputes-${width}.png`) });
      }
      // axe needs JavaScript: /admin/disputes is in the axe sweep (axe-sweep.spec.ts).
      await row.getByLabel("Dismissed: the share was paid").check();
      await row.getByLabel("Why").fill("Settled in the chat");
      await row.getByRole("button", { name: "Decide and close" }).click();
      await expect(page.getByText("No open disputes.")).toBeVisible();
    });
  });
});
