import { expectNoSeriousA11yViolations } from "./axe";
import type { WebSocketRoute } from "@playwright/test";
import { apiAs, browserFor, createReferral, expect, sendChatMessage, test } from "./fixtures";

test.describe("Chat", () => {
  test("two people chat live: red dot, toast, typing and read marks", async ({
    browser,
    baseURL,
    request,
    createUser,
  }) => {
    const alice = await createUser({ firstName: "Alice", lastName: "Live" });
    const bob = await createUser({ firstName: "Bob", lastName: "Live" });
    const { referralId } = await createReferral(request, bob);
    const a = await browserFor(browser, baseURL!, alice);
    const b = await browserFor(browser, baseURL!, bob);

    // Bob is elsewhere in the app, connected to his notification room.
    await b.page.goto("/dashboard/personal-info");
    await expect(b.page.getByTestId("chat-unread-dot")).toHaveCount(0);

    // Alice starts a direct chat from Bob's referral; ?chatId= is then removed from the address.
    await a.page.goto(`/apply/${referralId}`);
    await a.page.getByRole("complementary", { name: "Referrer" }).getByRole("button", { name: "Chat" }).click();
    await expect(a.page.getByRole("heading", { level: 1, name: "Bob Live" })).toBeVisible();
    await expect(a.page).toHaveURL(/\/chat$/);
    await expect(a.page.getByText("Start a new conversation")).toBeVisible();
    await expectNoSeriousA11yViolations(a.page);

    const first = "Hello Bob, are you still sharing the bonus?";
    await a.page.getByLabel("Message", { exact: true }).fill(first);
    await a.page.getByLabel("Message", { exact: true }).press("Enter");
    await expect(a.page.getByRole("list", { name: "Messages" }).getByText(first)).toBeVisible();

    // Bob sees the red dot and the toast, and the toast opens the chat.
    await expect(b.page.getByTestId("chat-unread-dot").first()).toBeVisible();
    const toast = b.page.getByText("New message from Alice Live: Hello Bob, are you still shari...");
    await expect(toast).toBeVisible();
    await toast.click();
    await expect(b.page).toHaveURL(/\/chat$/);
    await expect(b.page.getByRole("list", { name: "Messages" }).getByText(first)).toBeVisible();
    await expect(b.page.getByTestId("chat-unread-dot")).toHaveCount(0);

    // Alice sees the read mark once Bob has the conversation open.
    await expect(a.page.locator('[title="Read"]')).toHaveCount(1);

    // Typing shows on the other side and clears; the reply arrives live.
    const posts: string[] = [];
    b.page.on("request", (sent) => {
      if (sent.method() === "POST" && /\/api\/chats\/[^/]+\/messages$/.test(sent.url())) posts.push(sent.url());
    });
    await b.page.getByLabel("Message", { exact: true }).pressSequentially("Yes, half of it");
    await expect(a.page.getByText("Bob Live is typing...")).toBeVisible();
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(a.page.getByRole("list", { name: "Messages" }).getByText("Yes, half of it")).toBeVisible();
    await expect(b.page.getByRole("list", { name: "Messages" }).getByText("Yes, half of it")).toBeVisible();
    // Bob's socket was open (his typing got through): the reply went to the room as a frame, not a POST.
    expect(posts).toEqual([]);
    await expect(a.page.getByText("Bob Live is typing...")).toBeHidden({ timeout: 5000 });
    await expect(b.page.locator('[title="Read"]')).toHaveCount(1);

    // Blank messages cannot be sent; long ones are refused with a clear message.
    await expect(a.page.getByRole("button", { name: "Send" })).toBeDisabled();
    await a.page.getByLabel("Message", { exact: true }).fill("x".repeat(2001));
    await expect(a.page.getByText("Messages can be at most 2,000 characters.")).toBeVisible();
    await expect(a.page.getByRole("button", { name: "Send" })).toBeDisabled();

    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("typing while the socket is still connecting reaches the other side once it opens", async ({
    browser,
    baseURL,
    request,
    createUser,
  }) => {
    const alice = await createUser({ firstName: "Alice", lastName: "Gate" });
    const bob = await createUser({ firstName: "Bob", lastName: "Gate" });
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    await apiAs(request, alice).post(`/api/chats/${chatId}/messages`, { content: "Are you there?" });
    const a = await browserFor(browser, baseURL!, alice);
    const b = await browserFor(browser, baseURL!, bob);

    // Alice's chat socket is known to be joined once the room answers her join-chat.
    let aliceJoined = false;
    await a.context.routeWebSocket(/\/parties\/chat-room\//, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (String(message).includes('"joined"')) aliceJoined = true;
        ws.send(message);
      });
    });
    // Bob's chat socket is refused until the gate opens, as on a slow or flaky network.
    let gateOpen = false;
    let refusedAttempts = 0;
    await b.context.routeWebSocket(/\/parties\/chat-room\//, (ws) => {
      if (gateOpen) ws.connectToServer();
      else {
        refusedAttempts += 1;
        ws.close({ code: 1011, reason: "held back by the test" });
      }
    });

    await a.page.goto("/chat");
    await expect(a.page.getByRole("heading", { level: 1, name: "Bob Gate" })).toBeVisible();
    await expect.poll(() => aliceJoined).toBe(true);
    await b.page.goto("/chat");
    await expect(b.page.getByRole("list", { name: "Messages" }).getByText("Are you there?")).toBeVisible();
    await expect.poll(() => refusedAttempts).toBeGreaterThan(0);

    await b.page.getByLabel("Message", { exact: true }).pressSequentially("Yes");
    gateOpen = true;
    await expect(a.page.getByText("Bob Gate is typing...")).toBeVisible();

    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("without sockets the warning shows and the page polls: the conversation, the badge and the toast", async ({
    browser,
    baseURL,
    request,
    createUser,
  }) => {
    test.setTimeout(90_000);
    const alice = await createUser({ firstName: "Alice", lastName: "Poll" });
    const bob = await createUser({ firstName: "Bob", lastName: "Poll" });
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    const b = await browserFor(browser, baseURL!, bob);
    // Every room refuses Bob, as behind a proxy without WebSockets.
    await b.context.routeWebSocket(/\/parties\//, (ws) => ws.close({ code: 1011, reason: "no sockets here" }));

    await b.page.goto(`/chat?chatId=${chatId}`);
    const warning = b.page.getByText(
      "Real-time connection is not available. You can still send messages, but you won't receive notifications.",
    );
    // 5 attempts 1, 2, 4, 5 and 5 s apart (the spec's 5000 ms maximum delay), then the fallback.
    await expect(warning).toBeVisible({ timeout: 30_000 });
    await apiAs(request, alice).post(`/api/chats/${chatId}/messages`, { content: "Polled in" });
    await expect(b.page.getByRole("list", { name: "Messages" }).getByText("Polled in")).toBeVisible({
      timeout: 10_000,
    });

    // Elsewhere, the header's poll brings the badge and the toast.
    await b.page.goto("/dashboard/personal-info");
    // Waited for after the navigation: a poll of the /chat page still in flight must not count as
    // this page's first one (this page polls once its socket has given up, seconds after load).
    const firstPoll = b.page.waitForResponse(/\/api\/chats\/unread$/, { timeout: 30_000 });
    await expect(b.page.getByTestId("chat-unread-dot")).toHaveCount(0);
    // The first answer tells what is already unread; news comes with the next ones.
    await firstPoll;
    await apiAs(request, alice).post(`/api/chats/${chatId}/messages`, { content: "Seen by the poll" });
    await expect(b.page.getByText("New message from Alice Poll: Seen by the poll")).toBeVisible({ timeout: 10_000 });
    await expect(b.page.getByTestId("chat-unread-dot").first()).toBeVisible();

    await b.context.close();
  });

  test("without a socket a send goes by POST; one that fails says why in the spec's words and can be retried", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Retry" });
    const alice = await login({ firstName: "Alice", lastName: "Retry" });
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    // No chat socket (as behind a proxy without WebSockets): sends go by POST, which fails first.
    await page.routeWebSocket(/\/parties\/chat-room\//, (ws) => ws.close({ code: 1011, reason: "no sockets here" }));
    const sendRoute = "**/api/chats/*/messages";
    await page.route(sendRoute, (route) => route.abort("internetdisconnected"));
    await page.goto(`/chat?chatId=${chatId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Bob Retry" })).toBeVisible();

    await page.getByLabel("Message", { exact: true }).fill("Are you there?");
    await page.getByLabel("Message", { exact: true }).press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Not sent: Network error. Please check your connection.");

    await page.unroute(sendRoute);
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("list", { name: "Messages" }).getByText("Are you there?")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    // The retried message shows at once (optimistically); the server has it once the send lands.
    const stored = async () =>
      (
        await apiAs(request, bob).get<{ data: { messages: { content: string }[] } }>(`/api/chats/${chatId}`)
      ).data.messages.map((message) => message.content);
    await expect.poll(stored, { timeout: 10_000 }).toEqual(["Are you there?"]);
  });

  test("a third person cannot open the chat, by link or by socket", async ({ page, request, createUser, login }) => {
    const alice = await createUser({ firstName: "Alice", lastName: "Owner" });
    const bob = await createUser({ firstName: "Bob", lastName: "Owner" });
    await login({ firstName: "Mallory", lastName: "Out" });
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    const first = "Only for Bob";
    await apiAs(request, alice).post(`/api/chats/${chatId}/messages`, { content: first });

    await page.goto(`/chat?chatId=${chatId}`);
    await expect(page.getByText("Chat not found")).toBeVisible();
    await expect(page.getByText(first)).toHaveCount(0);
    const refused = await page.evaluate(
      (room) =>
        new Promise<boolean>((resolve) => {
          const socket = new WebSocket(`ws://${location.host}/parties/chat-room/${room}`);
          socket.onopen = () => resolve(false);
          socket.onerror = () => resolve(true);
        }),
      chatId,
    );
    expect(refused).toBe(true);
  });

  test("an empty list says what to do; New chat picks a person, ties first, then opens that chat", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Picked" });
    const { referralId } = await createReferral(request, bob);
    const alice = await login({ firstName: "Alice", lastName: "Picker" });
    await apiAs(request, alice).post("/api/applications/card-apply", { referralId });
    await page.goto("/chat");
    await expect(page.getByText("No conversations yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "New chat" }).first().click();
    const search = page.getByRole("searchbox", { name: "Username" });
    await expect(search).toBeFocused();
    await search.fill(bob.username.slice(0, 1));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Type at least 2 characters of a username.")).toBeVisible();
    await search.fill(bob.username.slice(0, 9));
    const chatWithBob = page.getByRole("button", { name: `Chat with ${bob.username}` });
    await expect(chatWithBob).toBeVisible();
    await expect(page.getByRole("button", { name: `Chat with ${alice.username}` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await chatWithBob.click();
    await expect(page.getByRole("heading", { level: 1, name: "Bob Picked" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /message/i })).toBeVisible();
  });

  test("Delete conversation asks first: Escape and Cancel keep it, focus returns, Delete removes it", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Kept" });
    const alice = await login({ firstName: "Alice", lastName: "Deleter" });
    await apiAs(request, alice).post("/api/chats", { targetUserId: bob.id });
    await page.goto("/chat");
    await page
      .getByRole("button", { name: "About this conversation" })
      .or(page.getByLabel("About this conversation"))
      .first()
      .click();
    const trigger = page.getByRole("link", { name: "Delete conversation" });
    await trigger.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this conversation?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    // Tab never reaches the page behind (a native modal dialog, ADR 190): after the last button the
    // focus leaves for the browser's own controls, not for the page.
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Delete conversation" })).toBeFocused();
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () => document.activeElement === document.body || Boolean(document.activeElement?.closest("dialog[open]")),
      ),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await trigger.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Bob Kept" })).toBeVisible();
    await trigger.click();
    await dialog.getByRole("button", { name: "Delete conversation" }).click();
    await expect(page.getByText("No conversations yet")).toBeVisible();
  });

  test("a chat opened from a referral links to it in its header", async ({ page, request, createUser, login }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Referrer" });
    const { referralId } = await createReferral(request, bob);
    await login({ firstName: "Alice", lastName: "Asker" });
    await page.goto(`/apply/${referralId}`);
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    const link = page
      .getByRole("banner")
      .or(page.locator("header"))
      .getByRole("link", { name: /^Referral: / })
      .first();
    await expect(link).toHaveAttribute("href", `/apply/${referralId}`);
  });

  test("a page rendered before D1 had the message shows it through the room's catch-up", async ({
    page,
    request,
    login,
    createUser,
  }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Early" });
    const alice = await login({ firstName: "Alice", lastName: "Early" });
    const { id } = await apiAs(request, bob).post<{ id: string }>("/api/chats", { targetUserId: alice.id });
    // The page is rendered from D1 without Bob's message, and its sockets reach the rooms only
    // after the room delivered it: the state of a page loaded between the delivery and the mirror.
    const held: { socket: WebSocketRoute; frames: (string | Buffer)[] }[] = [];
    await page.routeWebSocket(/\/parties\//, (socket) => {
      const entry = { socket, frames: [] as (string | Buffer)[] };
      socket.onMessage((frame) => entry.frames.push(frame));
      held.push(entry);
    });
    await page.goto("/chat");
    await expect(page.getByText("Start a new conversation")).toBeVisible();
    await expect.poll(() => held.length).toBe(2);
    const message = "Sent while your page was on its way";
    await apiAs(request, bob).post(`/api/chats/${id}/messages`, { content: message });
    // Now they reach the rooms, with what the page said meanwhile (its join-chat).
    for (const { socket, frames } of held) {
      const server = socket.connectToServer();
      for (const frame of frames) server.send(frame);
      socket.onMessage((frame) => server.send(frame));
    }
    // The page joined without `after` (it held no message); the room sent its newest ones, once.
    await expect(page.getByRole("list", { name: "Messages" }).getByText(message)).toHaveCount(1);
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("listitem")).toHaveCount(1);
  });
});

test.describe("Chat without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the recipient reads and replies with plain pages and form posts", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const alice = await createUser({ firstName: "Alice", lastName: "Plain" });
    const bob = await login({ firstName: "Bob", lastName: "Plain" });
    const { id } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    await sendChatMessage(request, alice, id, "Can you read this without scripts?");

    await page.goto("/");
    await expect(page.getByTestId("chat-unread-dot").first()).toBeVisible();
    await page.goto("/chat");
    await expect(
      page.getByRole("list", { name: "Messages" }).getByText("Can you read this without scripts?"),
    ).toBeVisible();
    await page.getByLabel("Message", { exact: true }).fill("Yes, loud and clear.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("list", { name: "Messages" }).getByText("Yes, loud and clear.")).toBeVisible();

    const chat = await apiAs(request, alice).get<{ data: { messages: { content: string; read: boolean }[] } }>(
      `/api/chats/${id}`,
    );
    expect(chat.data.messages).toEqual([
      expect.objectContaining({ content: "Can you read this without scripts?", read: true }),
      expect.objectContaining({ content: "Yes, loud and clear.", read: false }),
    ]);
  });

  test("Delete conversation without JavaScript goes through a confirmation step", async ({
    page,
    request,
    createUser,
    login,
  }) => {
    const bob = await createUser({ firstName: "Bob", lastName: "Plain" });
    const alice = await login({ firstName: "Alice", lastName: "Plain" });
    await apiAs(request, alice).post("/api/chats", { targetUserId: bob.id });
    await page.goto("/chat");
    await page.getByLabel("About this conversation").click();
    await page.getByRole("link", { name: "Delete conversation" }).click();
    const step = page.getByRole("alertdialog", { name: "Delete this conversation?" });
    await expect(step).toBeVisible();
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByLabel("About this conversation").click();
    await page.getByRole("link", { name: "Delete conversation" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete conversation" }).click();
    await expect(page.getByText("No conversations yet")).toBeVisible();
  });
});
