import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blocks, messages } from "../../db/schema";
import { BLOCK_MESSAGES } from "~/modules/blocks/schemas";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { connect, eventually, framesOf, settle, waitFor } from "./socket-helpers";

type Json = { success: boolean; message?: string; id?: string; count?: number; data?: unknown };

/** A text as React writes it into HTML (apostrophes escaped). */
const html = (text: string) => text.replaceAll("'", "&#x27;");

const postForm = postPageForm;

/** Alice and Bob with a direct chat in which Bob has written to Alice (unread by her). */
async function chatWithMessage() {
  const alice = await createSignedInUser({ firstName: "Alice", lastName: "Archer" });
  const bob = await createSignedInUser({ firstName: "Bob", lastName: "Baker" });
  const created = await api<Json>("POST", "/api/chats", alice.token, { targetUserId: bob.user.id });
  const chatId = created.body.id!;
  const sent = await api<Json>("POST", `/api/chats/${chatId}/messages`, bob.token, { content: "Hello Alice" });
  expect(sent.status).toBe(201);
  await eventually(async () => (await testDb().select().from(messages).where(eq(messages.chatId, chatId))).length > 0);
  return { alice, bob, chatId };
}

const send = (token: string, chatId: string, content: string) =>
  api<Json>("POST", `/api/chats/${chatId}/messages`, token, { content });
const listOf = async (token: string) =>
  (await api<Json>("GET", "/api/chats", token)).body.data as Record<string, unknown>[];
const unreadOf = async (token: string) => (await api<Json>("GET", "/api/chats/unread", token)).body.count;
const storedCount = async (chatId: string) =>
  (await testDb().select().from(messages).where(eq(messages.chatId, chatId))).length;

describe("POST and DELETE /api/users/{id}/block", () => {
  it("refuses visitors, oneself and unknown ids in words, and repeats change nothing", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    expect((await api<Json>("POST", `/api/users/${bob.user.id}/block`, null)).status).toBe(401);
    const self = await api<Json>("POST", `/api/users/${alice.user.id}/block`, alice.token);
    expect(self).toMatchObject({ status: 400, body: { success: false, message: BLOCK_MESSAGES.self } });
    const unknown = await api<Json>("POST", "/api/users/nobody-here/block", alice.token);
    expect(unknown).toMatchObject({ status: 404, body: { message: BLOCK_MESSAGES.notFound } });
    // A malformed id is the kit's 400 for bad params, in the same words.
    const malformed = await api<Json>("DELETE", "/api/users/bad%20id!/block", alice.token);
    expect(malformed).toMatchObject({ status: 400, body: { message: BLOCK_MESSAGES.notFound } });

    for (let i = 0; i < 2; i += 1) {
      const blocked = await api<Json>("POST", `/api/users/${bob.user.id}/block`, alice.token);
      expect(blocked).toMatchObject({ status: 200, body: { userId: bob.user.id, blockedByYou: true } });
    }
    const rows = () => testDb().select().from(blocks).where(eq(blocks.blockerId, alice.user.id));
    expect(await rows()).toHaveLength(1);
    const profile = await api<Json>("GET", `/api/users/profile/${bob.user.id}`, alice.token);
    expect(profile.body.data).toMatchObject({ blockedByYou: true });
    const own = await api<Json>("GET", `/api/users/profile/${bob.user.id}`, bob.token);
    expect(own.body.data).toMatchObject({ blockedByYou: false });

    for (let i = 0; i < 2; i += 1) {
      const unblocked = await api<Json>("DELETE", `/api/users/${bob.user.id}/block`, alice.token);
      expect(unblocked).toMatchObject({ status: 200, body: { blockedByYou: false } });
    }
    expect(await rows()).toHaveLength(0);
  });
});

describe("a block", () => {
  it("stops messages both ways over /api, hides the chat from the blocker's list and unread count; unblock restores", async () => {
    const { alice, bob, chatId } = await chatWithMessage();
    expect(await unreadOf(alice.token)).toBe(1);
    expect((await api("POST", `/api/users/${bob.user.id}/block`, alice.token)).status).toBe(200);

    const bobSend = await send(bob.token, chatId, "Are you there?");
    expect(bobSend).toMatchObject({ status: 403, body: { success: false, message: BLOCK_MESSAGES.blockedYou } });
    const aliceSend = await send(alice.token, chatId, "Bye");
    expect(aliceSend).toMatchObject({ status: 403, body: { message: BLOCK_MESSAGES.youBlocked } });
    expect(await storedCount(chatId)).toBe(1);

    // Neither can start (or reopen) a chat with the other.
    const bobStarts = await api<Json>("POST", "/api/chats", bob.token, { targetUserId: alice.user.id });
    expect(bobStarts).toMatchObject({ status: 403, body: { message: BLOCK_MESSAGES.blockedYou } });
    const aliceStarts = await api<Json>("POST", "/api/chats", alice.token, { targetUserId: bob.user.id });
    expect(aliceStarts).toMatchObject({ status: 403, body: { message: BLOCK_MESSAGES.youBlocked } });

    // The chat left Alice's list and unread count; Bob still has it, saying he cannot write.
    expect(await listOf(alice.token)).toEqual([]);
    expect(await unreadOf(alice.token)).toBe(0);
    expect(await listOf(bob.token)).toEqual([expect.objectContaining({ id: chatId, blocked: "by-them" })]);
    // Alice can still open it by its address (to unblock from it), and it says so.
    const opened = await api<Json>("GET", `/api/chats/${chatId}`, alice.token);
    expect(opened.body.data).toMatchObject({
      id: chatId,
      blocked: "by-you",
      otherParticipant: { id: bob.user.id },
      messages: [{ content: "Hello Alice" }],
    });

    expect((await api("DELETE", `/api/users/${bob.user.id}/block`, alice.token)).status).toBe(200);
    expect(await listOf(alice.token)).toEqual([
      expect.objectContaining({ id: chatId, blocked: null, unreadCount: 1, lastMessage: "Hello Alice" }),
    ]);
    expect(await unreadOf(alice.token)).toBe(1);
    expect((await send(bob.token, chatId, "Back again")).status).toBe(201);
    expect((await send(alice.token, chatId, "Hi Bob")).status).toBe(201);
  });

  it("is refused over the page's form post both ways, and Block / Unblock work as plain forms", async () => {
    const { alice, bob, chatId } = await chatWithMessage();
    const blocked = await postForm("/chat", alice.cookie, { intent: "block", chatId, userId: bob.user.id });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe(`/chat?chatId=${chatId}`);
    const page = await (await fetchPath(`/chat?chatId=${chatId}`, { headers: { Cookie: alice.cookie } })).text();
    expect(page).toContain(BLOCK_MESSAGES.youBlocked);
    expect(page).toContain('name="intent" value="unblock"');

    const bobSend = await postForm("/chat", bob.cookie, { intent: "send", chatId, content: "Hello?" });
    expect(bobSend.status).toBe(403);
    expect(await bobSend.text()).toContain(html(BLOCK_MESSAGES.blockedYou));
    const aliceSend = await postForm("/chat", alice.cookie, { intent: "send", chatId, content: "No" });
    expect(aliceSend.status).toBe(403);
    const bobStart = await postForm("/chat", bob.cookie, { intent: "start-direct", userId: alice.user.id });
    expect(bobStart.status).toBe(403);
    expect(await storedCount(chatId)).toBe(1);

    const bobPage = await (await fetchPath(`/chat?chatId=${chatId}`, { headers: { Cookie: bob.cookie } })).text();
    expect(bobPage).toContain(html(BLOCK_MESSAGES.blockedYou));

    // Without JavaScript Block asks first on a step of the page.
    const ask = await (
      await fetchPath(`/chat?chatId=${chatId}&confirm=block`, { headers: { Cookie: bob.cookie } })
    ).text();
    expect(ask).toContain(BLOCK_MESSAGES.confirmTitle);

    const unblocked = await postForm("/chat", alice.cookie, { intent: "unblock", chatId, userId: bob.user.id });
    expect(unblocked.status).toBe(302);
    expect((await postForm("/chat", bob.cookie, { intent: "send", chatId, content: "Hello again" })).status).toBe(302);
  });

  it("from the profile: a plain form blocks and unblocks, and the page says which", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const profile = `/profile/${bob.user.id}`;
    const before = await (await fetchPath(profile, { headers: { Cookie: alice.cookie } })).text();
    expect(before).toContain(`${profile}?confirm=block`);
    const ask = await (await fetchPath(`${profile}?confirm=block`, { headers: { Cookie: alice.cookie } })).text();
    expect(ask).toContain(BLOCK_MESSAGES.confirmTitle);
    const blocked = await postForm(profile, alice.cookie, { intent: "block", userId: bob.user.id });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe(profile);
    const after = await (await fetchPath(profile, { headers: { Cookie: alice.cookie } })).text();
    expect(after).toContain('name="intent" value="unblock"');
    const row = () =>
      testDb()
        .select()
        .from(blocks)
        .where(and(eq(blocks.blockerId, alice.user.id), eq(blocks.blockedId, bob.user.id)));
    expect(await row()).toHaveLength(1);
    expect((await postForm(profile, alice.cookie, { intent: "unblock", userId: bob.user.id })).status).toBe(302);
    expect(await row()).toHaveLength(0);
    // Visitors are sent to sign in; nobody blocks themselves.
    expect((await postForm(profile, "", { intent: "block", userId: bob.user.id })).status).toBe(302);
    expect(
      (await postForm(`/profile/${bob.user.id}`, bob.cookie, { intent: "block", userId: bob.user.id })).status,
    ).toBe(400);
  });

  it("leaves both sides out of each other's new-chat picker until it is lifted", async () => {
    const alice = await createSignedInUser({ username: `pickalice${crypto.randomUUID().slice(0, 6)}` });
    const bob = await createSignedInUser({ username: `pickbob${crypto.randomUUID().slice(0, 6)}` });
    const finds = async (who: typeof alice, other: typeof bob) => {
      const found = await api<{ data: { id: string }[] }>(
        "GET",
        `/api/chats/recipients?q=${other.user.username}`,
        who.token,
      );
      expect(found.status).toBe(200);
      return found.body.data.some((person) => person.id === other.user.id);
    };
    expect([await finds(alice, bob), await finds(bob, alice)]).toEqual([true, true]);
    await api<Json>("POST", `/api/users/${bob.user.id}/block`, alice.token);
    expect([await finds(alice, bob), await finds(bob, alice)]).toEqual([false, false]);
    await api<Json>("DELETE", `/api/users/${bob.user.id}/block`, alice.token);
    expect([await finds(alice, bob), await finds(bob, alice)]).toEqual([true, true]);
  });

  it("leaves the blocked chat out of the unread count pushed to the blocker's badge", async () => {
    const { alice, bob, chatId } = await chatWithMessage();
    const carol = await createSignedInUser({ firstName: "Carol" });
    const inbox = await connect(`/parties/user-notifications/${alice.user.id}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);
    expect((await api("POST", `/api/users/${bob.user.id}/block`, alice.token)).status).toBe(200);
    // The block itself pushes the new count: Bob's unread message no longer counts.
    expect(await waitFor(() => framesOf(inbox.frames, "unread").at(-1))).toEqual({ type: "unread", count: 0 });
    const carolChat = (await api<Json>("POST", "/api/chats", carol.token, { targetUserId: alice.user.id })).body.id!;
    const counted = framesOf(inbox.frames, "unread").length;
    expect((await send(carol.token, carolChat, "Hi Alice")).status).toBe(201);
    // The count that follows Carol's message is 1 (hers), not 2.
    expect(await waitFor(() => framesOf(inbox.frames, "unread")[counted])).toEqual({ type: "unread", count: 1 });
    expect(framesOf(inbox.frames, "chat-notification").some((frame) => frame.chatId === chatId)).toBe(false);
    inbox.socket!.close();
  });

  it("refuses the chat room's send-message frame both ways and relays no typing across it", async () => {
    const { alice, bob, chatId } = await chatWithMessage();
    const a = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    const b = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(a.frames, "welcome")[0]);
    await waitFor(() => framesOf(b.frames, "welcome")[0]);

    expect((await api("POST", `/api/users/${bob.user.id}/block`, alice.token)).status).toBe(200);
    b.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "Sneaky", clientId: "client-0001" }));
    expect(await waitFor(() => framesOf(b.frames, "error")[0])).toMatchObject({
      message: BLOCK_MESSAGES.blockedYou,
      clientId: "client-0001",
    });
    a.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "Go away", clientId: "client-0002" }));
    expect(await waitFor(() => framesOf(a.frames, "error")[0])).toMatchObject({ message: BLOCK_MESSAGES.youBlocked });
    b.socket!.send(JSON.stringify({ type: "typing", chatId, isTyping: true }));
    a.socket!.send(JSON.stringify({ type: "typing", chatId, isTyping: true }));
    await settle(300);
    expect(framesOf(a.frames, "receive-message")).toEqual([]);
    expect(framesOf(b.frames, "receive-message")).toEqual([]);
    expect(framesOf(a.frames, "user-typing")).toEqual([]);
    expect(framesOf(b.frames, "user-typing")).toEqual([]);
    expect(await storedCount(chatId)).toBe(1);

    // Unblocked, the frame is taken and delivered again.
    expect((await api("DELETE", `/api/users/${bob.user.id}/block`, alice.token)).status).toBe(200);
    b.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "Friends again", clientId: "client-0003" }));
    expect(await waitFor(() => framesOf(a.frames, "receive-message")[0])).toMatchObject({
      message: { content: "Friends again", sender: bob.user.id },
    });
    a.socket!.close();
    b.socket!.close();
  });
});
