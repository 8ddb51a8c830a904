import { SESSION_COOKIE } from "../../app/modules/auth/session.server";
import { apiAs, createReferral, expect, test } from "./fixtures";

/**
 * docs/product.md#sessions: a 401 on an in-page call (not a sign-in call) sends the member to /auth,
 * with the way back to the page they were on.
 */
test.describe("a session that ends while a page is open", () => {
  test("a chat send answered 401 goes to /auth and back to the chat", async ({ page, request, login, createUser }) => {
    const alice = await createUser({ firstName: "Alice" });
    const bob = await login({ firstName: "Bob" });
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    await page.goto(`/chat?chatId=${chatId}`);
    await expect(
      page.getByRole("list", { name: "Messages" }).or(page.getByText("Start a new conversation")),
    ).toBeVisible();
    // Signed out in another tab: the server forgets the session; this page still holds its cookie.
    await apiAs(request, bob).post("/api/users/logout");

    const message = page.getByLabel("Message", { exact: true });
    await message.fill("Are you there?");
    await message.press("Enter");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    // The page had already dropped ?chatId= from its address.
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/chat");
    await expect(page.getByText("Please sign in to continue.")).toHaveCount(0);
    // The stale cookie is gone too.
    expect((await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  });

  test("the unread poll answered 401 goes to /auth", async ({ page, context, request, login }) => {
    test.setTimeout(60_000);
    const member = await login();
    // No sockets (as behind a proxy without WebSockets): the header polls the unread count.
    await context.routeWebSocket(/\/parties\//, (ws) => ws.close({ code: 1011, reason: "no sockets here" }));
    await page.goto("/dashboard/personal-info");
    // The poll starts once the socket has given up (1 + 2 + 4 + 5 + 5 s of retries).
    await page.waitForResponse(/\/api\/chats\/unread$/, { timeout: 30_000 });
    await context.clearCookies({ name: SESSION_COOKIE });
    await apiAs(request, member).post("/api/users/logout");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard%2Fpersonal-info$/, { timeout: 10_000 });
  });

  test("a fetcher's post answered 401 goes to /auth", async ({ page, context, request, login, createUser }) => {
    const referrer = await createUser();
    const { referralId, cardName } = await createReferral(request, referrer);
    const applicant = await login();
    await apiAs(request, applicant).post("/api/applications/card-apply", { referralId });
    await page.goto("/dashboard/my-applications");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: cardName }) });
    await card.getByText("Comments (0)").click();
    await card.getByRole("radio", { name: "5 stars" }).check();
    // The review goes to /comments by a fetcher, which answers 401 once the session is gone.
    await context.clearCookies({ name: SESSION_COOKIE });
    await card.getByRole("button", { name: "Submit Review" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard%2Fmy-applications/);
  });

  test("signed out elsewhere, the page's sockets close within a second", async ({
    page,
    request,
    login,
    createUser,
  }) => {
    const alice = await createUser({ firstName: "Alice" });
    const bob = await login({ firstName: "Bob" });
    const { id: chatId } = await apiAs(request, alice).post<{ id: string }>("/api/chats", { targetUserId: bob.id });
    // The chat's room and the header's notification room, each open once the room said welcome.
    const closedAt = new Map<string, number>();
    const welcomed = new Set<string>();
    page.on("websocket", (socket) => {
      const room = new URL(socket.url()).pathname.split("/")[2]!;
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes('"welcome"')) welcomed.add(room);
      });
      socket.on("close", () => {
        if (!closedAt.has(room)) closedAt.set(room, Date.now());
      });
    });
    await page.goto(`/chat?chatId=${chatId}`);
    await expect.poll(() => [...welcomed].sort()).toEqual(["chat-room", "user-notifications"]);

    await apiAs(request, bob).post("/api/users/logout");
    const ended = Date.now();
    await expect.poll(() => closedAt.size, { timeout: 5000 }).toBe(2);
    for (const [room, at] of closedAt) expect(at - ended, room).toBeLessThan(1000);
  });
});
