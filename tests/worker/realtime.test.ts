import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMembers, chats, messages, sessions, users } from "../../db/schema";
import { FRAME_BURST, FRAME_REFILL_PER_SECOND, MAX_FRAME_BYTES } from "~/modules/realtime/protocol";
import { makeDirectChat } from "../../db/factories";
import { hashPassword } from "~/modules/auth/password.server";
import { createSession } from "~/modules/auth/session.server";
import { registerAndLogin } from "./account-helpers";
import { api, createSignedInUser, fetchPath, ORIGIN, postJson, testDb } from "./helpers";
import { connect, connectPastTheGate, eventually, framesOf, settle, waitFor } from "./socket-helpers";

async function directChat() {
  const alice = await createSignedInUser({ firstName: "Alice", lastName: "Archer" });
  const bob = await createSignedInUser({ firstName: "Bob", lastName: "Baker" });
  const { chat, members } = makeDirectChat(alice.user.id, bob.user.id);
  await testDb().batch([testDb().insert(chats).values(chat), testDb().insert(chatMembers).values(members)]);
  return { alice, bob, chatId: chat.id };
}

async function send(token: string, chatId: string, content: string) {
  const response = await fetchPath(`/api/chats/${chatId}/messages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content }),
  });
  expect(response.status).toBe(201);
  const sent = ((await response.json()) as { data: { id: string } }).data;
  // The room answers once it stored and delivered the message; D1 has it right after (ADR 040).
  await eventually(async () => (await testDb().select().from(messages).where(eq(messages.id, sent.id))).length > 0);
  return sent;
}

describe("realtime rooms behind onBeforeConnect", () => {
  it("refuses a visitor with 401 before the Durable Object runs", async () => {
    const { response } = await connect("/parties/user-notifications/anyone");
    expect(response.status).toBe(401);
    const { chatId } = await directChat();
    expect((await connect(`/parties/chat-room/${chatId}`)).response.status).toBe(401);
  });

  it("lets a user into their own notification room and answers frames", async () => {
    const { user, cookie } = await createSignedInUser();
    const { response, socket, frames } = await connect(`/parties/user-notifications/${user.id}`, { Cookie: cookie });
    expect(response.status).toBe(101);
    expect(await waitFor(() => framesOf(frames, "welcome")[0])).toEqual({
      type: "welcome",
      userId: user.id,
      room: user.id,
    });
    socket!.send(JSON.stringify({ type: "ping", id: "p1" }));
    expect(await waitFor(() => framesOf(frames, "pong")[0])).toEqual({ type: "pong", id: "p1", userId: user.id });
    socket!.send("not json");
    expect(await waitFor(() => framesOf(frames, "error")[0])).toEqual({
      type: "error",
      message: "Frame is not valid JSON",
    });
    socket!.close();
  });

  it("refuses another user's notification room and a foreign origin with 403", async () => {
    const { cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    expect((await connect(`/parties/user-notifications/${other.user.id}`, { Cookie: cookie })).response.status).toBe(
      403,
    );
    const foreign = await connect(`/parties/user-notifications/${other.user.id}`, {
      Cookie: other.cookie,
      Origin: "https://evil.example",
    });
    expect(foreign.response.status).toBe(403);
  });

  it("lets only visible members into a chat room; a forged identity header changes nothing", async () => {
    const { alice, bob, chatId } = await directChat();
    const mallory = await createSignedInUser();
    const member = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    expect(member.response.status).toBe(101);
    expect(await waitFor(() => member.frames[0])).toMatchObject({ type: "welcome", userId: bob.user.id });
    member.socket!.close();

    const outsider = await connect(`/parties/chat-room/${chatId}`, {
      Cookie: mallory.cookie,
      "X-Cardshare-User-Id": alice.user.id,
    });
    expect(outsider.response.status).toBe(403);

    await testDb()
      .update(chatMembers)
      .set({ hiddenAt: new Date() })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, bob.user.id)));
    expect((await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie })).response.status).toBe(403);
  });

  it("does not serve plain HTTP requests to rooms", async () => {
    const { user, cookie } = await createSignedInUser();
    expect((await fetchPath(`/parties/user-notifications/${user.id}`, { headers: { Cookie: cookie } })).status).toBe(
      404,
    );
  });

  it("delivers a stored message to the room and notifies the recipient's own room", async () => {
    const { alice, bob, chatId } = await directChat();
    const room = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    const inbox = await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie });
    const senderInbox = await connect(`/parties/user-notifications/${alice.user.id}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(room.frames, "welcome")[0]);
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);

    const message = await send(alice.token, chatId, "Hello Bob, this is a long message for the toast");
    expect(await waitFor(() => framesOf(room.frames, "receive-message")[0])).toMatchObject({
      chatId,
      message: { id: message.id, sender: alice.user.id, senderName: "Alice Archer", read: false },
    });
    expect(await waitFor(() => framesOf(inbox.frames, "chat-notification")[0])).toEqual({
      type: "chat-notification",
      chatId,
      sender: "Alice Archer",
      content: "Hello Bob, this is a long message for the toast",
      messageId: message.id,
    });
    expect(await waitFor(() => framesOf(inbox.frames, "unread")[0])).toEqual({ type: "unread", count: 1 });
    await settle();
    expect(framesOf(senderInbox.frames, "chat-notification")).toEqual([]);
  });

  it("relays typing to the others and records mark-read in D1 before announcing it", async () => {
    const { alice, bob, chatId } = await directChat();
    const a = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    const b = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    const bobInbox = await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(b.frames, "welcome")[0]);

    a.socket!.send(JSON.stringify({ type: "typing", chatId, isTyping: true }));
    expect(await waitFor(() => framesOf(b.frames, "user-typing")[0])).toEqual({
      type: "user-typing",
      chatId,
      userId: alice.user.id,
      isTyping: true,
    });
    await settle();
    expect(framesOf(a.frames, "user-typing")).toEqual([]);

    await send(alice.token, chatId, "Read me");
    await waitFor(() => framesOf(bobInbox.frames, "unread").find((f) => f.count === 1));
    b.socket!.send(JSON.stringify({ type: "mark-read", chatId, timestamp: Date.now() }));
    expect(await waitFor(() => framesOf(a.frames, "message-read")[0])).toMatchObject({ chatId, userId: bob.user.id });
    expect(await waitFor(() => framesOf(bobInbox.frames, "unread").find((f) => f.count === 0))).toBeTruthy();
    const member = await testDb()
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, bob.user.id)))
      .get();
    expect(member?.lastReadAt).not.toBeNull();
  });

  it("answers malformed, oversized and misdirected frames with an error and changes nothing", async () => {
    const { alice, bob, chatId } = await directChat();
    const a = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    const b = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(a.frames, "welcome")[0]);
    await waitFor(() => framesOf(b.frames, "welcome")[0]);
    a.socket!.send(JSON.stringify({ type: "typing", chatId, isTyping: "yes" }));
    a.socket!.send(JSON.stringify({ type: "shout", chatId }));
    a.socket!.send(JSON.stringify({ type: "typing", chatId, isTyping: true, pad: "x".repeat(MAX_FRAME_BYTES) }));
    a.socket!.send(JSON.stringify({ type: "typing", chatId: "another-chat", isTyping: true }));
    a.socket!.send(JSON.stringify({ type: "mark-read", chatId, timestamp: -1 }));
    const errors = await waitFor(() => framesOf(a.frames, "error").length >= 5 && framesOf(a.frames, "error"));
    expect(errors.map((frame) => frame.message)).toEqual([
      "Unknown or malformed frame",
      "Unknown or malformed frame",
      "Frame too large",
      "This room is for another chat",
      "Unknown or malformed frame",
    ]);
    await settle();
    expect(framesOf(b.frames, "user-typing")).toEqual([]);
    expect(framesOf(b.frames, "message-read")).toEqual([]);
  });

  it("rate limits each connection: a burst of 10 frames, then about one a second (both scaled by RATE_LIMIT_MULTIPLIER)", async () => {
    // The tests run with RATE_LIMIT_MULTIPLIER 100: a burst of 1,000, then ~100 frames a second.
    const scale = Number(env.RATE_LIMIT_MULTIPLIER);
    const burst = FRAME_BURST * scale;
    const { user, cookie } = await createSignedInUser();
    const { socket, frames } = await connect(`/parties/user-notifications/${user.id}`, { Cookie: cookie });
    await waitFor(() => framesOf(frames, "welcome")[0]);
    const sent = burst + 5 * scale;
    const started = Date.now();
    for (let index = 0; index < sent; index++) socket!.send(JSON.stringify({ type: "ping", id: String(index) }));
    await waitFor(() => framesOf(frames, "pong").length + framesOf(frames, "error").length >= sent, 15_000);
    // The burst, plus what refilled while the room read the frames: the rest would need 5 s, but on a
    // loaded machine reading 1,500 frames can itself take seconds, so the bound is the time it took.
    const refilled = Math.ceil(((Date.now() - started) / 1000) * FRAME_REFILL_PER_SECOND * scale);
    const pongs = framesOf(frames, "pong").length;
    expect(pongs).toBeGreaterThanOrEqual(burst);
    expect(pongs).toBeLessThanOrEqual(Math.min(sent, burst + refilled));
    if (pongs < sent) {
      expect(framesOf(frames, "error")[0]).toEqual({ type: "error", message: "Too many messages. Please slow down." });
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    socket!.send(JSON.stringify({ type: "ping", id: "later" }));
    expect(await waitFor(() => framesOf(frames, "pong").find((f) => f.id === "later"))).toBeTruthy();
  });

  it("catches a reconnecting client up on what it missed", async () => {
    const { alice, bob, chatId } = await directChat();
    const first = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(first.frames, "welcome")[0]);
    const seen = await send(alice.token, chatId, "one");
    await waitFor(() => framesOf(first.frames, "receive-message")[0]);
    first.socket!.close();

    await send(alice.token, chatId, "two");
    await send(alice.token, chatId, "three");

    const again = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(again.frames, "welcome")[0]);
    again.socket!.send(JSON.stringify({ type: "join-chat", chatId, after: seen.id }));
    expect(await waitFor(() => framesOf(again.frames, "joined")[0])).toEqual({ type: "joined", chatId, missed: 2 });
    expect(framesOf(again.frames, "receive-message").map((f) => (f.message as { content: string }).content)).toEqual([
      "two",
      "three",
    ]);
  });

  it("sends a client that joins without `after` the room's newest messages, even those D1 does not have yet", async () => {
    const { alice, bob, chatId } = await directChat();
    await send(alice.token, chatId, "one");
    await send(alice.token, chatId, "two");
    // Stored and delivered by the room, not yet in D1: what a page rendered before the mirror lacks.
    await env.ChatRoom.getByName(chatId).sendMessage({ userId: alice.user.id, content: "three", clientId: null });
    const page = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(page.frames, "welcome")[0]);
    page.socket!.send(JSON.stringify({ type: "join-chat", chatId }));
    expect(await waitFor(() => framesOf(page.frames, "joined")[0])).toEqual({ type: "joined", chatId, missed: 3 });
    expect(framesOf(page.frames, "receive-message").map((f) => (f.message as { content: string }).content)).toEqual([
      "one",
      "two",
      "three",
    ]);
    page.socket!.close();
  });

  it("sends nothing to a member who deleted the conversation, until they reopen it", async () => {
    const { alice, bob, chatId } = await directChat();
    await send(alice.token, chatId, "before the delete");
    expect((await api("DELETE", `/api/chats/${chatId}`, bob.token)).status).toBe(200);
    await send(alice.token, chatId, "after the delete");
    // The gate no longer lets Bob in; a socket that reached the room anyway hears nothing of the chat.
    expect((await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie })).response.status).toBe(403);
    const stray = await connectPastTheGate("ChatRoom", chatId, bob.user.id);
    await waitFor(() => framesOf(stray.frames, "welcome")[0]);
    stray.socket.send(JSON.stringify({ type: "join-chat", chatId }));
    expect(await waitFor(() => framesOf(stray.frames, "error")[0])).toMatchObject({ message: "Chat not found" });
    expect(framesOf(stray.frames, "receive-message")).toEqual([]);
    stray.socket.close();
    // Reopening the chat brings it back with its history (docs/product.md#chat), the socket's join too.
    expect((await api("POST", "/api/chats", bob.token, { targetUserId: alice.user.id })).status).toBeLessThan(300);
    const back = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(back.frames, "welcome")[0]);
    back.socket!.send(JSON.stringify({ type: "join-chat", chatId }));
    await waitFor(() => framesOf(back.frames, "joined")[0]);
    expect(framesOf(back.frames, "receive-message").map((f) => (f.message as { content: string }).content)).toEqual([
      "before the delete",
      "after the delete",
    ]);
    back.socket!.close();
  });

  it("closes a user's sockets when they sign out", async () => {
    const { bob, chatId } = await directChat();
    const room = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    const inbox = await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(room.frames, "welcome")[0]);
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);
    const response = await fetchPath("/auth/logout", {
      method: "POST",
      headers: {
        Cookie: bob.cookie,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(response.status).toBe(302);
    expect(await waitFor(() => room.closed[0])).toMatchObject({ code: 4001 });
    expect(await waitFor(() => inbox.closed[0])).toMatchObject({ code: 4001 });
    expect((await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie })).response.status).toBe(401);
  });

  it("closes a socket when its session expires, leaving the others open", async () => {
    const { alice, bob, chatId } = await directChat();
    await testDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, bob.user.id));
    const expiring = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    const lasting = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(expiring.frames, "welcome")[0]);
    await waitFor(() => framesOf(lasting.frames, "welcome")[0]);
    expect(expiring.closed).toEqual([]);

    expect(await waitFor(() => expiring.closed[0], 5000)).toEqual({ code: 4001, reason: "Session expired" });
    await settle();
    expect(lasting.closed).toEqual([]);
    expect((await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie })).response.status).toBe(401);
    lasting.socket!.close();
  });

  it("closes a user's sockets when their password is reset, and refuses them after", async () => {
    const { account, token, link } = await registerAndLogin();
    const user = await testDb().select({ id: users.id }).from(users).where(eq(users.email, account.email)).get();
    const path = `/parties/user-notifications/${user!.id}`;
    const inbox = await connect(path, { Authorization: `Bearer ${token}` });
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);
    const reset = await postJson("/api/users/reset-password", {
      token: link,
      password: "brand-new-pass1",
      confirmPassword: "brand-new-pass1",
    });
    expect(reset.response.status).toBe(200);
    expect(await waitFor(() => inbox.closed[0])).toMatchObject({ code: 4001 });
    expect((await connect(path, { Authorization: `Bearer ${token}` })).response.status).toBe(401);
  });

  it("closes the sockets of the other sessions when the password is changed", async () => {
    const { bob, chatId } = await directChat();
    await testDb()
      .update(users)
      .set({ passwordHash: await hashPassword("old-passw0rd") })
      .where(eq(users.id, bob.user.id));
    const other = await createSession(testDb(), bob.user.id, { remember: true });
    const room = await connect(`/parties/chat-room/${chatId}`, { Authorization: `Bearer ${other.token}` });
    await waitFor(() => framesOf(room.frames, "welcome")[0]);
    const changed = await api("PUT", "/api/users/change-password", bob.token, {
      currentPassword: "old-passw0rd",
      newPassword: "new-passw0rd",
      confirmPassword: "new-passw0rd",
    });
    expect(changed.status).toBe(200);
    expect(await waitFor(() => room.closed[0])).toMatchObject({ code: 4001 });
    expect(
      (await connect(`/parties/chat-room/${chatId}`, { Authorization: `Bearer ${other.token}` })).response.status,
    ).toBe(401);
  });

  it("closes a member's sockets when an admin deactivates them", async () => {
    const { bob, chatId } = await directChat();
    const admin = await createSignedInUser({ isAdmin: true });
    const room = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    const inbox = await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(room.frames, "welcome")[0]);
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);
    const response = await fetchPath("/admin/users", {
      method: "POST",
      headers: {
        Cookie: admin.cookie,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "deactivate", id: bob.user.id }).toString(),
    });
    expect(response.status).toBe(302);
    expect(await waitFor(() => room.closed[0])).toMatchObject({ code: 4001 });
    expect(await waitFor(() => inbox.closed[0])).toMatchObject({ code: 4001 });
    expect((await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie })).response.status).toBe(
      401,
    );
  });
});
