/**
 * Issue 29: the modal dialogs are modal. The apply dialog, a confirmation (Block on a profile) and
 * the report dialog (a chat message's Report) are native <dialog>s opened with showModal(): the
 * page behind is inert (no click or Tab reaches it), Escape closes them and the focus goes back to
 * the opener. Without JavaScript each is a step or panel of the page and still does its job.
 * Issue 30 (the apply dialog's words): the rating is a first impression, the tip goes to Cardshare.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  apiAs,
  createReferral,
  expect,
  expectNoScriptToast,
  sendChatMessage,
  test,
  type NewUser,
  type TestUser,
} from "./fixtures";
import { screenPath } from "./screens";

const FIRST_IMPRESSION = "It counts toward the referrer's rating once the outcome is confirmed by both of you.";
const TIP_GOES_TO = "A tip goes to Cardshare, the platform that runs this site, not to the referrer.";
const REPORT_THANKS = "Thanks. Your report was sent to the Cardshare team.";

/** The site header's home link: a control behind every dialog, which a click would follow. */
const homeLink = (page: Page) => page.locator('header a[href="/"]').first();

/**
 * `dialog` is modal and the page behind it inert: it is in the top layer (:modal); `behind` cannot
 * take the focus; a click on it reaches nothing (the address stays, the dialog stays open); and
 * Tab, all the way round, never leaves the dialog for the page.
 */
async function expectModal(page: Page, dialog: Locator, behind: Locator) {
  expect(await dialog.evaluate((element) => element.matches("dialog:modal"))).toBe(true);
  expect(
    await behind.evaluate((element: HTMLElement) => {
      element.focus();
      return document.activeElement === element;
    }),
  ).toBe(false);
  const url = page.url();
  const box = await behind.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);
  // Round the dialog's controls and beyond: the focus is in the dialog or, between rounds, nowhere.
  const stops = await dialog.evaluate(
    (element) => element.querySelectorAll("a[href], button, input, select, textarea").length,
  );
  for (let tab = 0; tab < stops + 2; tab++) {
    await page.keyboard.press("Tab");
    const where = await dialog.evaluate(
      (element) => element.contains(document.activeElement) || document.activeElement === document.body,
    );
    expect(where, `Tab ${tab + 1} left the dialog`).toBe(true);
  }
}

/** Escape closes `dialog` and the focus is back on `opener`. */
async function expectEscapeReturnsFocus(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

interface People {
  page: Page;
  request: APIRequestContext;
  createUser: (options?: NewUser) => Promise<TestUser>;
  login: (options?: NewUser) => Promise<TestUser>;
}

/** An applicant on a new referral's page opens the apply dialog with 'Already applied? Tell us'. */
async function openApplyDialog({ page, request, createUser, login }: People) {
  const referrer = await createUser();
  const { referralId } = await createReferral(request, referrer);
  await login();
  await page.goto(`/apply/${referralId}`);
  const opener = page.getByRole("link", { name: "Already applied? Tell us" });
  await opener.click();
  const applied = page.getByRole("dialog", { name: "Did you apply?" });
  await expect(applied).toBeVisible();
  return { referralId, opener, applied };
}

/** Alice on /chat, where Bob (both named `lastName`) wrote `text`; answers the message's Report link. */
async function chatWithMessage({ page, request, createUser, login }: People, lastName: string, text: string) {
  const bob = await createUser({ firstName: "Bob", lastName });
  const alice = await login({ firstName: "Alice", lastName });
  const { id } = await apiAs(request, bob).post<{ id: string }>("/api/chats", { targetUserId: alice.id });
  // Without JavaScript the page shows only what D1 has: the message, once the room mirrored it.
  await sendChatMessage(request, bob, id, text);
  await page.goto("/chat");
  return page.getByRole("link", { name: `Report message from Bob ${lastName}` });
}

test.describe("with JavaScript, dialogs are modal", () => {
  test("the apply dialog: page inert, Escape and focus back; a first impression, and a tip that goes to Cardshare", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    test.slow();
    const { referralId, opener, applied } = await openApplyDialog({ page, request, createUser, login });
    await expectModal(page, applied, page.locator('main a[href="/apply"]').first());
    await expectEscapeReturnsFocus(page, applied, opener);
    await expect(page).toHaveURL(new RegExp(`/apply/${referralId}$`));

    // Step 2: the rating is a first impression, and says when it counts.
    await opener.click();
    await applied.getByRole("button", { name: "Yes" }).click();
    const rate = page.getByRole("dialog", { name: "Rate the referrer: your first impression" });
    await expect(rate).toBeVisible();
    await expect(rate).toHaveAccessibleDescription(new RegExp(FIRST_IMPRESSION.replace(/[.']/g, ".")));
    await expect(rate.getByRole("group", { name: "First impression" })).toBeVisible();
    await expect(rate.getByRole("region", { name: "Tip Cardshare" })).toHaveCount(0);
    await expectModal(page, rate, homeLink(page));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`apply-dialog-first-impression-${width}.png`) });
    }
    await rate.getByRole("radio", { name: "4 stars" }).check();
    await rate.getByRole("button", { name: "Submit Review" }).click();

    // Step 3: the question first; after Yes, the tip in a box of its own that names who gets it.
    const great = page.getByRole("dialog", { name: "Was the experience great?" });
    await expect(great).toBeVisible();
    await expect(great.getByRole("region", { name: "Tip Cardshare" })).toHaveCount(0);
    await great.getByRole("link", { name: "Yes" }).click();
    const tip = great.getByRole("region", { name: "Tip Cardshare" });
    await expect(tip).toContainText(TIP_GOES_TO);
    await expect(tip.getByRole("button", { name: "$3" })).toBeVisible();
    await expect(great.getByRole("group", { name: "First impression" })).toHaveCount(0);
    await expectModal(page, great, homeLink(page));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`apply-dialog-tip-${width}.png`) });
    }
    await page.keyboard.press("Escape");
    await expect(great).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/apply/${referralId}$`));
  });

  test("a confirmation (Block on a profile): page inert, Escape and Cancel give the focus back", async ({
    page,
    createUser,
    login,
  }) => {
    const other = await createUser({ firstName: "Modal", lastName: "Blockee" });
    await login({ firstName: "Modal", lastName: "Blocker" });
    await page.goto(`/profile/${other.id}`);
    const opener = page.getByRole("link", { name: "Block", exact: true });
    await opener.click();
    const dialog = page.getByRole("alertdialog", { name: "Block this member?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectModal(page, dialog, page.locator("main form button", { hasText: "Chat" }));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`dialog-confirm-${width}.png`) });
    }
    await expectEscapeReturnsFocus(page, dialog, opener);
    await opener.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();
  });

  test("the report dialog (a chat message): page inert, Escape gives the focus back, a sent report closes it", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const opener = await chatWithMessage({ page, request, createUser, login }, "Modal", "Pay me first, then the link");
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Report this message" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("What is wrong?")).toBeFocused();
    await expectModal(page, dialog, page.getByLabel("Message", { exact: true }));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`dialog-report-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectEscapeReturnsFocus(page, dialog, opener);

    await opener.click();
    await dialog.getByLabel("What is wrong?").selectOption({ label: "Spam or scam" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText(REPORT_THANKS)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe("without JavaScript, the same dialogs are steps of the page", () => {
  test.use({ javaScriptEnabled: false });

  test("the apply dialog: No closes, Yes, a first impression, then the tip that goes to Cardshare", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const { referralId, applied } = await openApplyDialog({ page, request, createUser, login });
    await applied.getByRole("link", { name: "No" }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/${referralId}$`));
    await expect(applied).toHaveCount(0);

    await page.getByRole("link", { name: "Already applied? Tell us" }).click();
    await applied.getByRole("button", { name: "Yes" }).click();
    const rate = page.getByRole("dialog", { name: "Rate the referrer: your first impression" });
    await expect(rate.getByText(FIRST_IMPRESSION)).toBeVisible();
    await rate.getByRole("group", { name: "First impression" }).getByRole("radio", { name: "5 stars" }).check();
    await rate.getByRole("button", { name: "Submit Review" }).click();
    const great = page.getByRole("dialog", { name: "Was the experience great?" });
    await expect(great).toBeVisible();
    await great.getByRole("link", { name: "Yes" }).click();
    const tip = great.getByRole("region", { name: "Tip Cardshare" });
    await expect(tip).toContainText(TIP_GOES_TO);
    await expect(tip.getByRole("button", { name: "$1" })).toBeVisible();
    await great.getByRole("link", { name: "Close" }).click();
    await expect(great).toHaveCount(0);
  });

  test("a confirmation: Block opens its step, Cancel leaves it, Block blocks", async ({ page, createUser, login }) => {
    const other = await createUser({ firstName: "Plain", lastName: "Blockee" });
    await login({ firstName: "Plain", lastName: "Blocker" });
    await page.goto(`/profile/${other.id}`);
    await page.getByRole("link", { name: "Block", exact: true }).click();
    await expect(page).toHaveURL(/\?confirm=block$/);
    const step = page.getByRole("alertdialog", { name: "Block this member?" });
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(step).toHaveCount(0);
    await page.getByRole("link", { name: "Block", exact: true }).click();
    await step.getByRole("button", { name: "Block" }).click();
    await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();
  });

  test("the report dialog: a panel of the chat whose report comes back with the thanks", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const opener = await chatWithMessage({ page, request, createUser, login }, "Plainreport", "Plain spam");
    await opener.click();
    await expect(page).toHaveURL(/report=message:/);
    const panel = page.getByRole("region", { name: "Report this message" });
    await panel.getByRole("link", { name: "Cancel" }).click();
    await expect(panel).toHaveCount(0);
    await opener.click();
    await panel.getByLabel("What is wrong?").selectOption({ label: "Spam or scam" });
    await panel.getByRole("button", { name: "Send report" }).click();
    await expectNoScriptToast(page, REPORT_THANKS);
    await expect(panel).toHaveCount(0);
  });
});
