import { apiAs, createReferral, expect, expectNoScriptToast, test } from "./fixtures";
import { screenPath } from "./screens";

const SETTINGS = "/dashboard/personal-info";
const CHAT = "New chat messages while I am away by email";
const CHAT_PUSH = "New chat messages while I am away by push";
const DISPUTES = "Disputes by email";
const DISPUTES_PUSH = "Disputes by push";

interface OutboxMail {
  to: string;
  subject: string;
  html: string;
  headers: Record<string, string>;
}

async function mailTo(request: import("@playwright/test").APIRequestContext, to: string, subject: RegExp) {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get("/dev/mail.json")).json()) as OutboxMail[];
        found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test.describe("Notification settings on Personal Info", () => {
  test("each kind's email and push switches save as they change (JavaScript)", async ({ page, login }) => {
    await login({ firstName: "Nora", lastName: "Notify" });
    await page.goto(SETTINGS);
    const card = page.getByRole("region", { name: "Notifications", exact: true });
    await expect(card.getByRole("switch", { name: "Email notifications" })).toBeChecked();
    await expect(card.getByRole("switch", { name: CHAT })).toBeChecked();
    await expect(card.getByRole("switch", { name: CHAT_PUSH })).toBeChecked();
    await card.getByRole("switch", { name: CHAT }).uncheck();
    await expect(page.getByText("Notification settings updated")).toBeVisible();
    const saved = page.waitForResponse((response) => response.request().method() === "POST");
    await card.getByRole("switch", { name: DISPUTES_PUSH }).uncheck();
    await saved;
    await page.reload();
    await expect(card.getByRole("switch", { name: CHAT })).not.toBeChecked();
    await expect(card.getByRole("switch", { name: CHAT_PUSH })).toBeChecked();
    await expect(card.getByRole("switch", { name: DISPUTES })).toBeChecked();
    await expect(card.getByRole("switch", { name: DISPUTES_PUSH })).not.toBeChecked();
    // Turning push on for a browser needs script; with it, the button is there.
    const push = page.getByRole("region", { name: "Push notifications" });
    await expect(push.getByRole("button", { name: "Turn on push for this browser" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: screenPath("notification-settings-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: screenPath("notification-settings-390.png"), fullPage: true });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Save notification settings posts the form, push switches included", async ({ page, login }) => {
      await login({ firstName: "Pia", lastName: "Plain" });
      await page.goto(SETTINGS);
      const card = page.getByRole("region", { name: "Notifications", exact: true });
      await card.getByRole("switch", { name: DISPUTES }).uncheck();
      await card.getByRole("switch", { name: CHAT_PUSH }).uncheck();
      await card.getByRole("button", { name: "Save notification settings" }).click();
      await expectNoScriptToast(page, "Notification settings updated");
      await expect(card.getByRole("switch", { name: DISPUTES })).not.toBeChecked();
      await expect(card.getByRole("switch", { name: DISPUTES_PUSH })).toBeChecked();
      await expect(card.getByRole("switch", { name: CHAT })).toBeChecked();
      await expect(card.getByRole("switch", { name: CHAT_PUSH })).not.toBeChecked();
      await expect(card.getByRole("switch", { name: "Email notifications" })).toBeChecked();
    });
  });
});

test("someone applies through a referral: the referrer's mail waits in the outbox with its one-click unsubscribe", async ({
  page,
  request,
  createUser,
}) => {
  const referrer = await createUser({ firstName: "Rita", lastName: "Referrer" });
  const applicant = await createUser({ firstName: "Adam", lastName: "Applicant" });
  const { referralId, cardName } = await createReferral(request, referrer);
  const applied = await apiAs(request, applicant).post<{ data: { _id: string } }>("/api/applications/card-apply", {
    referralId,
  });

  const mail = await mailTo(request, referrer.email, /applied through your .* referral/);
  expect(mail.subject).toContain(cardName);
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = mail.headers["List-Unsubscribe"]!.replace(/^<|>$/g, "");
  expect(unsubscribe).toContain("/notifications/unsubscribe?token=");

  await page.goto("/dev/mail");
  const entry = page.getByRole("listitem").filter({ hasText: mail.subject });
  await expect(entry.getByText("List-Unsubscribe-Post:")).toBeVisible();
  await expect(entry.getByText("List-Unsubscribe:", { exact: true })).toBeVisible();

  // The mail itself at 390 px, and the applicant's mail when the referrer says the bonus posted.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(mail.html);
  await page.screenshot({ path: screenPath("mail-application-received-390.png"), fullPage: true });
  await apiAs(request, referrer).post(`/api/applications/card-apply/${applied.data._id}/outcome`, {
    step: "bonus-posted",
  });
  const outcome = await mailTo(request, applicant.email, /application update/);
  await page.setContent(outcome.html);
  await expect(page.getByRole("link", { name: "Open the application" })).toBeVisible();
  await page.screenshot({ path: screenPath("mail-outcome-step-390.png"), fullPage: true });

  // The applicant confirms the bonus: the outcome is in, and their first impression asks to be confirmed (ADR 182).
  await apiAs(request, applicant).post("/api/referrals/card-refer/comment", {
    commentType: "applicantToReferrer",
    referralId,
    rating: 4,
    comment: "Quick answers in the chat",
  });
  await apiAs(request, applicant).post(`/api/applications/card-apply/${applied.data._id}/outcome`, {
    step: "bonus-received",
  });
  const prompt = await mailTo(request, applicant.email, /confirm your rating/);
  await page.setContent(prompt.html);
  await expect(page.getByText("Your rating of 4 of 5 was a first impression")).toBeVisible();
  await expect(page.getByRole("link", { name: "Confirm your rating" })).toHaveAttribute(
    "href",
    new RegExp(`/dashboard/my-applications#confirm-rating-${applied.data._id}$`),
  );
  await page.screenshot({ path: screenPath("mail-rating-prompt-390.png"), fullPage: true });

  // The mail client's one-click POST (RFC 8058) turns that kind off, without signing in.
  const answer = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(answer.status()).toBe(200);
  const settings = await apiAs(request, referrer).put<{ kinds: Record<string, { email: boolean }> }>(
    "/api/users/notification-settings",
    { kinds: {} },
  );
  expect(settings.kinds.applications).toEqual({ email: false, push: true });
  expect(settings.kinds.outcomes).toEqual({ email: true, push: true });
});
