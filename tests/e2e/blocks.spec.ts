import { expectNoSeriousA11yViolations } from "./axe";
import { apiAs, browserFor, expect, test } from "./fixtures";
import { screenPath } from "./screens";

const BLOCKED_YOU = "You can't message this member.";
const YOU_BLOCKED = "You blocked this member. Unblock them to send messages.";

test.describe("Blocking in chat", () => {
  test("blocking from the chat's info panel refuses the other's next message; unblocking lets it through", async ({
    browser,
    baseURL,
    request,
    createUser,
  }) => {
    const alice = await createUser({ firstName: "Alice", lastName: "Block" });
    const bob = await createUser({ firstName: "Bob", lastName: "Block" });
    const { id } = await apiAs(request, bob).post<{ id: string }>("/api/chats", { targetUserId: alice.id });
    await apiAs(request, bob).post(`/api/chats/${id}/messages`, { content: "Want my referral link?" });
    const a = await browserFor(browser, baseURL!, alice);
    const b = await browserFor(browser, baseURL!, bob);
    await b.page.goto("/chat");
    await expect(b.page.getByRole("heading", { level: 1, name: "Alice Block" })).toBeVisible();
    await a.page.goto("/chat");
    await expect(a.page.getByRole("list", { name: "Messages" }).getByText("Want my referral link?")).toBeVisible();

    // The info panel, with Block, at both widths.
    for (const width of [1280, 390]) {
      await a.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await a.page.getByLabel("About this conversation").click();
      await expect(a.page.getByRole("link", { name: "Block", exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(a.page);
      await a.page.screenshot({ path: screenPath(`chat-info-block-${width}.png`) });
      await a.page.keyboard.press("Escape");
    }
    await a.page.setViewportSize({ width: 1280, height: 900 });

    await a.page.getByLabel("About this conversation").click();
    await a.page.getByRole("link", { name: "Block", exact: true }).click();
    const dialog = a.page.getByRole("alertdialog", { name: "Block this member?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoSeriousA11yViolations(a.page);
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(a.page.getByRole("status").getByText(YOU_BLOCKED)).toBeVisible();
    await a.page.screenshot({ path: screenPath("chat-blocked-1280.png") });
    // The chat left Alice's list.
    await expect(a.page.getByRole("complementary", { name: "Conversations" }).getByText("Bob Block")).toHaveCount(0);

    // Bob's page was open before the block: his message is refused, in his words.
    await b.page.getByLabel("Message", { exact: true }).fill("Hello? Are you there?");
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(b.page.getByRole("alert")).toHaveText(`Not sent: ${BLOCKED_YOU}`);
    await expect(a.page.getByText("Hello? Are you there?")).toHaveCount(0);
    await b.page.reload();
    await expect(b.page.getByRole("status").getByText(BLOCKED_YOU)).toBeVisible();
    await expect(b.page.getByLabel("Message", { exact: true })).toHaveCount(0);

    // Unblocking brings the chat back with its history, and Bob can write again.
    await a.page.getByRole("status").getByRole("button", { name: "Unblock" }).click();
    await expect(a.page.getByRole("complementary", { name: "Conversations" }).getByText("Bob Block")).toBeVisible();
    await b.page.reload();
    await b.page.getByLabel("Message", { exact: true }).fill("Thanks for unblocking");
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(a.page.getByRole("list", { name: "Messages" }).getByText("Thanks for unblocking")).toBeVisible();
    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("without JavaScript, Block asks on a step of the page and the other's form post is refused", async ({
    browser,
    baseURL,
    request,
    createUser,
  }) => {
    const alice = await createUser({ firstName: "Alice", lastName: "Plain" });
    const bob = await createUser({ firstName: "Bob", lastName: "Plain" });
    await apiAs(request, bob).post("/api/chats", { targetUserId: alice.id });
    const a = await browserFor(browser, baseURL!, alice, false);
    const b = await browserFor(browser, baseURL!, bob, false);
    await b.page.goto("/chat");
    await a.page.goto("/chat");
    await a.page.getByLabel("About this conversation").click();
    await a.page.getByRole("link", { name: "Block", exact: true }).click();
    const step = a.page.getByRole("alertdialog", { name: "Block this member?" });
    await expect(step).toBeVisible();
    await step.getByRole("button", { name: "Block" }).click();
    await expect(a.page.getByRole("status").getByText(YOU_BLOCKED)).toBeVisible();

    await b.page.getByLabel("Message", { exact: true }).fill("Plain hello");
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(b.page.getByText(BLOCKED_YOU).first()).toBeVisible();
    const chats = await apiAs(request, alice).get<{ data: unknown[] }>("/api/chats");
    expect(chats.data).toEqual([]);

    // Unblock is a plain form too.
    await a.page.getByRole("status").getByRole("button", { name: "Unblock" }).click();
    await expect(a.page.getByLabel("Message", { exact: true })).toBeVisible();
    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("Block and Unblock on a profile", async ({ page, createUser, login }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Profile" });
    await login({ firstName: "Alice", lastName: "Profile" });
    await page.goto(`/profile/${bob.id}`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`profile-block-${width}.png`) });
    }
    await page.getByRole("link", { name: "Block", exact: true }).click();
    await page.getByRole("alertdialog", { name: "Block this member?" }).getByRole("button", { name: "Block" }).click();
    await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Chat" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Unblock" }).click();
    await expect(page.getByRole("link", { name: "Block", exact: true })).toBeVisible();
  });
});

test.describe("Reporting from chat", () => {
  test("reports the other person's message from its Report button", async ({ page, request, createUser, login }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Spam" });
    const alice = await login({ firstName: "Alice", lastName: "Report" });
    const { id } = await apiAs(request, bob).post<{ id: string }>("/api/chats", { targetUserId: alice.id });
    const spam = "Send me your card number and I'll double the bonus";
    await apiAs(request, bob).post(`/api/chats/${id}/messages`, { content: spam });
    await page.goto("/chat");
    await expect(page.getByRole("list", { name: "Messages" }).getByText(spam)).toBeVisible();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.getByRole("link", { name: "Report message from Bob Spam" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this message" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(spam)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screenPath(`chat-report-message-${width}.png`) });
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }

    await page.getByRole("link", { name: "Report message from Bob Spam" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this message" });
    await dialog.getByLabel("What is wrong?").selectOption({ label: "Spam or scam" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Thanks. Your report was sent to the Cardshare team.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});
