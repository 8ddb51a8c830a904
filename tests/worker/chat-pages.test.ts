import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chats, messages } from "../../db/schema";
import { parseMeterHeader } from "../../bench/d1-meter";
import { api, createSignedInUser, fetchMetered, fetchPath, ORIGIN, postPageForm, testDb } from "./helpers";

const postForm = postPageForm;

describe("/chat pages", () => {
  it("sends visitors to sign in", async () => {
    const response = await fetchPath("/chat");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fchat/);
  });

  it("start-direct opens one chat per pair and lands on /chat?chatId=", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const first = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/chat\?chatId=[a-z0-9]+$/);
    const again = await postForm("/chat", bob.cookie, { intent: "start-direct", userId: alice.user.id });
    expect(again.headers.get("Location")).toBe(location);
    const chatId = new URL(location, ORIGIN).searchParams.get("chatId")!;
    expect(await testDb().select().from(chats).where(eq(chats.id, chatId))).toHaveLength(1);

    const self = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: alice.user.id });
    expect(self.status).toBe(400);
  });

  it("without JavaScript, the new-chat picker searches on the server and needs 2 characters", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const short = await (await fetchPath("/chat?new=1&q=e", { headers: { Cookie: alice.cookie } })).text();
    expect(short).toContain("Type at least 2 characters of a username.");
    const prefix = bob.user.username.slice(0, 8);
    const found = await (await fetchPath(`/chat?new=1&q=${prefix}`, { headers: { Cookie: alice.cookie } })).text();
    expect(found).toContain(`name="userId" value="${bob.user.id}"`);
    expect(found).not.toContain(`name="userId" value="${alice.user.id}"`);
    // The old 'Start New Chat' (a chat with nobody) is gone.
    expect((await postForm("/chat", alice.cookie, { intent: "new-chat" })).status).toBe(400);
  });

  it("without JavaScript, Delete conversation asks on a confirmation step before the POST", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const start = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    const chatId = new URL(start.headers.get("Location")!, ORIGIN).searchParams.get("chatId")!;
    const page = await (await fetchPath(`/chat?chatId=${chatId}`, { headers: { Cookie: alice.cookie } })).text();
    expect(page).toContain(`href="/chat?chatId=${chatId}&amp;confirm=delete"`);
    expect(page).not.toContain('name="intent" value="leave"');
    const confirm = await (
      await fetchPath(`/chat?chatId=${chatId}&confirm=delete`, { headers: { Cookie: alice.cookie } })
    ).text();
    expect(confirm).toContain("Delete this conversation?");
    expect(confirm).toContain('name="intent" value="leave"');
  });

  it("renders the conversation and takes a plain form post (no JavaScript)", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const start = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    const chatId = new URL(start.headers.get("Location")!, ORIGIN).searchParams.get("chatId")!;

    const sent = await postForm("/chat", alice.cookie, { intent: "send", chatId, content: "Plain <b>post</b>" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/chat?chatId=${chatId}`);

    const page = await fetchPath("/chat", { headers: { Cookie: bob.cookie } });
    const html = await page.text();
    expect(html).toContain("Plain &lt;b&gt;post&lt;/b&gt;");
    expect(html).toContain('name="intent" value="send"');

    const blank = await postForm(`/chat?chatId=${chatId}`, alice.cookie, { intent: "send", chatId, content: "   " });
    expect(blank.status).toBe(400);
    expect(await testDb().select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(1);
  });

  it("showing a conversation marks nothing read (a cross-site link is a GET); the page's POST does", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const start = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    const chatId = new URL(start.headers.get("Location")!, ORIGIN).searchParams.get("chatId")!;
    await postForm("/chat", alice.cookie, { intent: "send", chatId, content: "Read me later" });
    const unread = async () => (await api<{ count: number }>("GET", "/api/chats/unread", bob.token)).body.count;
    const readAt = async () => (await testDb().select().from(messages).where(eq(messages.chatId, chatId)))[0].readAt;

    for (const path of [`/chat?chatId=${chatId}`, "/chat"]) {
      const page = await fetchPath(path, { headers: { Cookie: bob.cookie, "Sec-Fetch-Site": "cross-site" } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Read me later");
      // Without JavaScript the person marks it read with a button.
      expect(html).toContain('name="intent" value="read"');
    }
    expect(await unread()).toBe(1);
    expect(await readAt()).toBeNull();

    const read = await postForm("/chat", bob.cookie, { intent: "read", chatId });
    expect(read.status).toBe(302);
    expect(await unread()).toBe(0);
    expect(await readAt()).not.toBeNull();
  });

  it("a page's header counts unread messages from the session lookup's own statement", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const start = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    const chatId = new URL(start.headers.get("Location")!, ORIGIN).searchParams.get("chatId")!;
    const header = async (cookie: string) => {
      const page = await fetchMetered("/terms", {
        headers: { Cookie: cookie },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      // The session, the member and the count: one round trip for a page without data of its own.
      expect(parseMeterHeader(page.headers.get("x-d1-meter"))?.calls).toBe(1);
      return /, (\d+) unread messages?</.exec(html)?.[1] ?? "none";
    };
    expect(await header(bob.cookie)).toBe("none");
    await postForm("/chat", alice.cookie, { intent: "send", chatId, content: "One" });
    await postForm("/chat", alice.cookie, { intent: "send", chatId, content: "Two" });
    expect(await header(bob.cookie)).toBe("2");
    // Her own messages are not unread for her.
    expect(await header(alice.cookie)).toBe("none");
    await postForm("/chat", bob.cookie, { intent: "read", chatId });
    expect(await header(bob.cookie)).toBe("none");
  });

  it("shows the empty state, and 'Chat not found' instead of someone else's chat", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const mallory = await createSignedInUser();
    const start = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    const chatId = new URL(start.headers.get("Location")!, ORIGIN).searchParams.get("chatId")!;
    await postForm("/chat", alice.cookie, { intent: "send", chatId, content: "Secret plan" });

    const empty = await (await fetchPath("/chat", { headers: { Cookie: mallory.cookie } })).text();
    expect(empty).toContain("Welcome to Chat");
    expect(empty).toContain("Select a conversation from the sidebar or start a new one to begin messaging");

    const foreign = await fetchPath(`/chat?chatId=${chatId}`, { headers: { Cookie: mallory.cookie } });
    const html = await foreign.text();
    expect(html).toContain("Chat not found");
    expect(html).not.toContain("Secret plan");
    const send = await postForm("/chat", mallory.cookie, { intent: "send", chatId, content: "Intrude" });
    expect(send.status).toBe(404);
    expect(await testDb().select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(1);
  });
});

describe("/chat refuses what its forms never send (4xx, never a 500)", () => {
  it("answers JSON, plain text and broken multipart with 415 / 400 and unknown or prototype-key intents with 400", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const start = await postForm("/chat", alice.cookie, { intent: "start-direct", userId: bob.user.id });
    const chatId = new URL(start.headers.get("Location")!, ORIGIN).searchParams.get("chatId")!;
    const bodies: [string, string, number][] = [
      ["application/json", JSON.stringify({ intent: "send", chatId, content: "json" }), 415],
      ["text/plain", `intent=send&chatId=${chatId}&content=text`, 415],
      ["multipart/form-data; boundary=cut", '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend', 400],
    ];
    for (const [type, body, status] of bodies) {
      const response = await fetchPath("/chat", {
        method: "POST",
        headers: { Cookie: alice.cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": type },
        body,
      });
      expect(response.status, type).toBe(status);
    }
    for (const intent of ["constructor", "__proto__", "toString", "mark-everything-read"]) {
      expect((await postForm("/chat", alice.cookie, { intent, chatId, content: "x" })).status, intent).toBe(400);
    }
    expect(await testDb().select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(0);
  });
});
