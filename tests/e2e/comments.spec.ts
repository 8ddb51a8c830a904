import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, createReferral, expect, expectNoScriptToast, signInAs, test, type TestUser } from "./fixtures";

async function apply(request: APIRequestContext, applicant: TestUser, referralId: string) {
  await apiAs(request, applicant).post("/api/applications/card-apply", { referralId });
}

/**
 * The flash toast as a browser without JavaScript shows it (<noscript>). Playwright turns scripts
 * off without changing the HTML parser, so the block is read as text rather than seen.
 */
function applicationCard(page: Page, cardName: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: cardName }) });
}

test.describe("applications, reviews and reputation", () => {
  test("an applicant reviews with stars, the referrer replies, a follow-up changes the first impression, and none counts before the outcome", async ({
    page,
    context,
    baseURL,
    request,
    login,
    createUser,
  }) => {
    const referrer = await createUser({ firstName: "Rhea", lastName: "Referrer" });
    const { referralId, cardName } = await createReferral(request, referrer);
    // An earlier applicant's 5-star review, so the mean visibly moves.
    const earlier = await createUser();
    await apply(request, earlier, referralId);
    await apiAs(request, earlier).post("/api/referrals/card-refer/comment", {
      referralId,
      commentType: "applicantToReferrer",
      rating: 5,
      comment: "Excellent",
    });

    const applicant = await login({ firstName: "Abe", lastName: "Applicant" });
    await apply(request, applicant, referralId);
    await page.goto("/dashboard/my-applications");
    const card = applicationCard(page, cardName);
    await expect(card.getByText("Applied", { exact: true }).first()).toBeVisible();
    await card.getByText("Comments (0)").click();
    await expectNoSeriousA11yViolations(page);

    await card.getByRole("radio", { name: "2 stars" }).check();
    await card.getByLabel("Comment (optional)").fill("Slow to answer, but the link worked.");
    await card.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Review submitted successfully!")).toBeVisible();
    await expect(card.getByText("Comments (1)")).toBeVisible();
    await expect(card.getByText("Slow to answer, but the link worked.")).toBeVisible();

    // First impressions wait for the outcome: the referrer has no verified average (ADR 175).
    await page.goto(`/profile/${referrer.id}`);
    await expect(page.getByText("No verified reviews yet").first()).toBeVisible();
    await page.goto(`/apply/${referralId}`);
    await expect(page.getByText("No verified reviews yet").first()).toBeVisible();

    // The public reviews below the offer, in a list that scrolls past 24rem.
    const reviews = page.getByRole("region", { name: /^Reviews of / });
    await expect(reviews.getByText("Slow to answer, but the link worked.")).toBeVisible();
    await expect(reviews).toHaveCSS("max-height", "384px");
    await expect(reviews).toHaveCSS("overflow-y", "auto");
    await expectNoSeriousA11yViolations(page);

    // The referrer replies from My Referrals, through the comments ReplyForm.
    await signInAs(context, baseURL!, referrer);
    await page.goto("/dashboard/my-referrals");
    const mine = page.getByRole("listitem", { name: cardName });
    await mine.getByText("Comments (2)").click();
    const thread = mine.getByRole("listitem").filter({ hasText: "Slow to answer, but the link worked." });
    await thread.locator("summary", { hasText: "Reply" }).click();
    await expectNoSeriousA11yViolations(page);
    await thread.getByLabel("Your reply").fill("Sorry for the wait, I was travelling.");
    await thread.getByRole("button", { name: "Reply", exact: true }).click();
    await expect(page.getByText("Reply added successfully")).toBeVisible();
    await expect(mine.getByText("Comments (3)")).toBeVisible();
    await expect(thread.getByText("Sorry for the wait, I was travelling.")).toBeVisible();
    await signInAs(context, baseURL!, applicant);

    await page.goto("/dashboard/my-applications");
    await card.getByText("Comments (2)").click();
    await expect(card.getByText("Sorry for the wait, I was travelling.")).toBeVisible();
    await expect(card.getByText("Referrer reply")).toBeVisible();
    await card.getByText("Add a follow-up").click();
    await card.getByLabel("Update my rating").check();
    await card.getByRole("group", { name: "New rating" }).getByRole("radio", { name: "4 stars" }).check();
    await card.getByLabel("Follow-up comment").fill("The bonus posted after all.");
    await card.getByRole("button", { name: "Add follow-up" }).click();
    await expect(page.getByText("Follow-up comment added successfully")).toBeVisible();
    await expect(card.getByText("The bonus posted after all.")).toBeVisible();

    // The follow-up changed a first impression: still nothing counts before the outcome.
    await page.goto(`/profile/${referrer.id}`);
    await expect(page.getByText("No verified reviews yet").first()).toBeVisible();
  });

  test("the applicant changes status and filters Pending and Completed", async ({
    page,
    request,
    login,
    createUser,
  }) => {
    const referrer = await createUser();
    const { referralId, cardName } = await createReferral(request, referrer);
    const applicant = await login();
    await apply(request, applicant, referralId);
    await page.goto("/dashboard/my-applications");
    const card = applicationCard(page, cardName);
    // One vocabulary (docs/decisions/110): the badge, the menu's tick, the toast and the filters.
    await expect(page.getByRole("link", { name: "All statuses" })).toBeVisible();
    await expect(card.getByText("Applied", { exact: true }).first()).toBeVisible();
    await card.getByText("Status", { exact: true }).click();
    await expect(card.getByRole("button", { name: "Applied" })).toHaveAttribute("aria-current", "true");
    await expect(card.getByRole("button", { name: /^(Pending|Approved)$/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await card.getByRole("button", { name: "Successful" }).click();
    await expect(page.getByText("Application status updated to Successful")).toBeVisible();
    await expect(card.getByText("Successful", { exact: true }).first()).toBeVisible();
    await expect(card.getByRole("button", { name: "$3" })).toBeVisible();

    await page.getByRole("link", { name: "Pending", exact: true }).click();
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByText("No credit card applications found with the selected filters.")).toBeVisible();
    await page.getByRole("link", { name: "Completed" }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(card).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("status, filters, a review and the referrer's reply work as plain forms", async ({
    page,
    context,
    baseURL,
    request,
    login,
    createUser,
  }) => {
    const referrer = await createUser();
    const { referralId, cardName } = await createReferral(request, referrer);
    const applicant = await login();
    await apply(request, applicant, referralId);

    await page.goto("/dashboard/my-applications?status=completed");
    await expect(page.getByText("No credit card applications found with the selected filters.")).toBeVisible();
    await page.getByRole("link", { name: "Pending", exact: true }).click();
    const card = applicationCard(page, cardName);
    await card.getByText("Status", { exact: true }).click();
    await card.getByRole("button", { name: "Cancelled" }).click();
    await expectNoScriptToast(page, "Application status updated to Cancelled");
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByText("No credit card applications found with the selected filters.")).toBeVisible();

    await page.getByRole("link", { name: "Completed" }).click();
    await expect(card.getByText("Cancelled", { exact: true }).first()).toBeVisible();
    await card.getByText("Comments (0)").click();
    await card.getByRole("button", { name: "Submit Review" }).click();
    // The refusal comes back to its form, open, beside it; not as a banner at the top (issue 19).
    await expect(page).toHaveURL(/#review-/);
    await expect(card.getByRole("alert").filter({ hasText: "Please select a rating before submitting" })).toBeVisible();
    expect((await page.locator("noscript").evaluateAll((all) => all.map((el) => el.innerHTML))).join()).not.toContain(
      "Please select a rating",
    );
    await card.getByRole("radio", { name: "5 stars" }).check();
    await card.getByRole("button", { name: "Submit Review" }).click();
    await expectNoScriptToast(page, "Review submitted successfully!");
    await expect(page).toHaveURL(/status=completed/);
    await expect(card.getByText("Comments (1)")).toBeVisible();

    // The referrer answers on /refer: the Comments collapsible and the reply are plain HTML.
    await signInAs(context, baseURL!, referrer);
    await page.goto("/refer");
    const mine = page.getByRole("listitem", { name: cardName });
    await mine.getByText("Comments (1)").click();
    await mine.locator("summary", { hasText: "Reply" }).click();
    await mine.getByLabel("Your reply").fill("Thanks for trying it.");
    await mine.getByRole("button", { name: "Reply", exact: true }).click();
    await expectNoScriptToast(page, "Reply added successfully");
    await expect(page).toHaveURL(/\/refer$/);
    await mine.getByText("Comments (2)").click();
    await expect(mine.getByText("Thanks for trying it.")).toBeVisible();
  });
});
