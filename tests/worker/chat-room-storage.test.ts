/**
 * A chat's messages are written by its room (ADR 040): stored in the room's own SQLite storage,
 * delivered, then mirrored to D1 idempotently by id and retried by the room's alarm until D1 has
 * them. These tests reach into the room (vitest-pool-workers' runInDurableObject) to make its D1
 * fail, and fire its alarm.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMembers, chats, messages } from "../../db/schema";
import { makeDirectChat } from "../../db/factories";
import { createDb, type Db } from "../../db/client";
import { api, createSignedInUser, testDb } from "./helpers";
import { failingDb } from "./failing-db";
import { connect, eventually, framesOf, settle, waitFor } from "./socket-helpers";
import { FRAME_BURST } from "../../app/modules/realtime/protocol";

async function directChat() {
  const alice = await createSignedInUser({ firstName: "Alice", lastName: "Archer" });
  const bob = await createSignedInUser({ firstName: "Bob", lastName: "Baker" });
  const { chat, members } = makeDirectChat(alice.user.id, bob.user.id);
  await testDb().batch([testDb().insert(chats).values(chat), testDb().insert(chatMembers).values(members)]);
  return { alice, bob, chatId: chat.id };
}

const roomOf = (chatId: string) => env.ChatRoom.getByName(chatId);

/** Replaces the room's D1 (the room reads it through its `db()` method). */
async function setRoomDb(chatId: string, d1: D1Database) {
  await runInDurableObject(roomOf(chatId), (room) => {
    (room as unknown as { db: () => Db }).db = () => createDb(d1);
  });
}

/** Runs SQL in the room's own storage. */
const roomSql = <T extends Record<string, SqlStorageValue>>(chatId: string, query: string, ...bindings: unknown[]) =>
  runInDurableObject(roomOf(chatId), (_room, state) => state.storage.sql.exec<T>(query, ...bindings).toArray());

/** A socket's state in the room (party/authenticated-room.ts): its frame budget among it. */
type BudgetedConnection = { state: { tokens: number; at: number }; setState(state: unknown): void };

/** The budget of the room's one socket. */
const budgetOf = (stub: Parameters<typeof runInDurableObject>[0]) =>
  runInDurableObject(stub, (room) => {
    const [connection] = (room as unknown as { getConnections(): Iterable<BudgetedConnection> }).getConnections();
    return { tokens: connection.state.tokens, at: connection.state.at };
  });

/** Sets every socket's frame budget in a room to `tokens` from now. */
const setBudget = (stub: Parameters<typeof runInDurableObject>[0], tokens: number, at = Date.now()) =>
  runInDurableObject(stub, (room) => {
    const connections = (room as unknown as { getConnections(): Iterable<BudgetedConnection> }).getConnections();
    for (const connection of connections) connection.setState({ ...connection.state, tokens, at });
  });

/** Spends every socket's budget in a room, refilling no sooner than a minute from now. */
const spendBudget = (stub: Parameters<typeof runInDurableObject>[0]) => setBudget(stub, 0, Date.now() + 60_000);

const d1Messages = (chatId: string) => testDb().select().from(messages).where(eq(messages.chatId, chatId));

async function send(token: string, chatId: string, content: string, clientId?: string) {
  const sent = await api<{ data: { id: string } }>("POST", `/api/chats/${chatId}/messages`, token, {
    content,
    ...(clientId && { clientId }),
  });
  expect(sent.status).toBe(201);
  return sent.body.data;
}

describe("the chat room stores messages and mirrors them to D1", () => {
  it("delivers a message D1 refused, retries the mirror at its alarm, and D1 converges to one copy", async () => {
    const { alice, bob, chatId } = await directChat();
    const room = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    const inbox = await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(room.frames, "welcome")[0]);
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);
    // The room loads its members with its first send; from then on every insert into D1 fails.
    await send(alice.token, chatId, "warm-up");
    await eventually(async () => (await d1Messages(chatId)).length === 1);
    await setRoomDb(chatId, failingDb(/insert into "messages"/i));

    const message = await send(alice.token, chatId, "Stored in the room first");
    expect(await waitFor(() => framesOf(room.frames, "receive-message")[1])).toMatchObject({
      message: { id: message.id, content: "Stored in the room first" },
    });
    await settle(300);
    expect((await d1Messages(chatId)).map((row) => row.id)).not.toContain(message.id);
    expect(await roomSql(chatId, "SELECT mirrored FROM messages WHERE id = ?", message.id)).toEqual([{ mirrored: 0 }]);
    // The retry is the room's alarm (it survives eviction: the queue is the room's storage).
    expect(await runInDurableObject(roomOf(chatId), (_room, state) => state.storage.getAlarm())).not.toBeNull();
    expect(framesOf(inbox.frames, "chat-notification")).toHaveLength(1);

    await setRoomDb(chatId, env.DB);
    expect(await runDurableObjectAlarm(roomOf(chatId))).toBe(true);
    const stored = (await d1Messages(chatId)).filter((row) => row.id === message.id);
    expect(stored).toMatchObject([{ content: "Stored in the room first", senderId: alice.user.id }]);
    const [chat] = await testDb().select().from(chats).where(eq(chats.id, chatId));
    expect(chat.lastMessageAt?.getTime()).toBe(stored[0].createdAt.getTime());
    expect(await waitFor(() => framesOf(inbox.frames, "chat-notification")[1])).toMatchObject({
      messageId: message.id,
    });
    expect((await api<{ count: number }>("GET", "/api/chats/unread", bob.token)).body.count).toBe(2);

    // Mirrored again (as if the room had not recorded the success): still one copy, no second notice.
    await roomSql(chatId, "UPDATE messages SET mirrored = 0");
    await runDurableObjectAlarm(roomOf(chatId));
    await settle(300);
    expect(await d1Messages(chatId)).toHaveLength(2);
    expect(framesOf(inbox.frames, "chat-notification")).toHaveLength(2);
    expect(await roomSql(chatId, "SELECT count(*) AS n FROM messages WHERE mirrored = 0")).toEqual([{ n: 0 }]);
  });

  it("takes a socket frame and catches a reconnect up from the room's storage while D1 is down", async () => {
    const { alice, bob, chatId } = await directChat();
    const a = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    const b = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(a.frames, "welcome")[0]);
    await waitFor(() => framesOf(b.frames, "welcome")[0]);
    a.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "first", clientId: "client-first-1" }));
    const seen = await waitFor(() => framesOf(b.frames, "receive-message")[0]);
    expect(seen).toMatchObject({ message: { content: "first", sender: alice.user.id, senderName: "Alice Archer" } });
    b.socket!.close();

    // From here D1 answers nothing: the hot path and the catch-up do not need it.
    await setRoomDb(chatId, failingDb(/./));
    a.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "  second  ", clientId: "client-second" }));
    a.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "second", clientId: "client-second" }));
    a.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "   ", clientId: "client-blank-1" }));
    expect(await waitFor(() => framesOf(a.frames, "error")[0])).toEqual({
      type: "error",
      message: "Type a message to send.",
      clientId: "client-blank-1",
    });
    const again = await connect(`/parties/chat-room/${chatId}`, { Cookie: bob.cookie });
    await waitFor(() => framesOf(again.frames, "welcome")[0]);
    again.socket!.send(JSON.stringify({ type: "join-chat", chatId, after: (seen.message as { id: string }).id }));
    expect(await waitFor(() => framesOf(again.frames, "joined")[0])).toEqual({ type: "joined", chatId, missed: 1 });
    expect(framesOf(again.frames, "receive-message")).toMatchObject([{ message: { content: "second" } }]);
    // The retried clientId was stored once; the resent frame is answered, to its sender only, with
    // the stored message (the composer's confirmation).
    const toSender = framesOf(a.frames, "receive-message").map((f) => f.message as { id: string; content: string });
    expect(toSender.map((message) => message.content)).toEqual(["first", "second", "second"]);
    expect(toSender[2]!.id).toBe(toSender[1]!.id);

    await setRoomDb(chatId, env.DB);
    await runDurableObjectAlarm(roomOf(chatId));
    expect((await d1Messages(chatId)).map((row) => row.content).sort()).toEqual(["first", "second"]);
  });

  it("counts the message limit in the room: 60 a minute (times the multiplier), then 429", async () => {
    const { alice, bob, chatId } = await directChat();
    await send(alice.token, chatId, "creates the room's storage");
    // RATE_LIMIT_MULTIPLIER is 100 in tests: 6000 messages of the last minute use it up.
    await roomSql(
      chatId,
      `INSERT INTO messages (id, sender_id, content, created_at, mirrored)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5999)
       SELECT 'seeded-' || i, ?, 'x', ?, 1 FROM n`,
      alice.user.id,
      Date.now(),
    );
    const refused = await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "Too many" });
    expect(refused).toMatchObject({ status: 429, body: { success: false } });
    expect((await api("POST", `/api/chats/${chatId}/messages`, bob.token, { content: "Mine" })).status).toBe(201);
    const stranger = await createSignedInUser();
    expect((await api("POST", `/api/chats/${chatId}/messages`, stranger.token, { content: "x" })).status).toBe(404);
  });

  it("counts a socket's stored messages against the chat's message limit, and every other frame against the connection's budget", async () => {
    const { alice, chatId } = await directChat();
    const { socket, frames } = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(frames, "welcome")[0]);
    const sendFrame = (content: string, clientId: string) =>
      socket!.send(JSON.stringify({ type: "send-message", chatId, content, clientId }));
    const received = () => framesOf(frames, "receive-message");
    // Three messages stored in a row leave the connection's budget as it was...
    const before = await budgetOf(roomOf(chatId));
    for (const clientId of ["stored-1", "stored-2", "stored-3"]) sendFrame(`message ${clientId}`, clientId);
    await waitFor(() => received().length === 3);
    expect(received().map((f) => (f.message as { clientId?: string }).clientId)).toEqual([
      "stored-1",
      "stored-2",
      "stored-3",
    ]);
    expect(await budgetOf(roomOf(chatId))).toEqual(before);
    // ...a send that stores nothing (refused: blank; or a resend of a stored one) spends a frame each...
    sendFrame("   ", "blank");
    expect(await waitFor(() => framesOf(frames, "error").find((f) => f.clientId === "blank"))).toBeTruthy();
    const afterRefusal = await budgetOf(roomOf(chatId));
    expect(afterRefusal.at).toBeGreaterThan(before.at);
    sendFrame("message stored-1", "stored-1");
    await waitFor(() => received().length === 4);
    expect((await budgetOf(roomOf(chatId))).at).toBeGreaterThanOrEqual(afterRefusal.at);
    expect((await budgetOf(roomOf(chatId))).tokens).toBeLessThan(FRAME_BURST * Number(env.RATE_LIMIT_MULTIPLIER));
    // ...and once the budget is spent, a flood of sends is cut off before the room does any work.
    await spendBudget(roomOf(chatId));
    sendFrame("past the budget", "past-the-budget");
    expect(await waitFor(() => framesOf(frames, "error")[1])).toEqual({
      type: "error",
      message: "Too many messages. Please slow down.",
    });
    await settle(100);
    expect(received()).toHaveLength(4);
    await setBudget(roomOf(chatId), 10);

    // The chat's limit (60 a minute, times the multiplier) answers a frame as it answers a POST:
    // the minute filled up with the three messages above and the rest stored beside them.
    const limit = 60 * Number(env.RATE_LIMIT_MULTIPLIER);
    await runInDurableObject(roomOf(chatId), (_room, state) => {
      const now = Date.now();
      for (let index = 3; index < limit; index++) {
        state.storage.sql.exec(
          "INSERT INTO messages (id, sender_id, content, created_at, mirrored) VALUES (?, ?, 'x', ?, 1)",
          `earlier-${index}`,
          alice.user.id,
          now,
        );
      }
    });
    socket!.send(JSON.stringify({ type: "send-message", chatId, content: "too many", clientId: "over-the-limit" }));
    expect(await waitFor(() => framesOf(frames, "error").find((f) => f.clientId === "over-the-limit"))).toEqual({
      type: "error",
      message: "You are sending messages too quickly. Please wait a moment.",
      clientId: "over-the-limit",
    });
  });

  it("counts a send-message frame to a member's notification room against its budget (it stores nothing there)", async () => {
    const { alice } = await directChat();
    const { socket, frames } = await connect(`/parties/user-notifications/${alice.user.id}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(frames, "welcome")[0]);
    await spendBudget(env.UserNotifications.getByName(alice.user.id));
    socket!.send(JSON.stringify({ type: "send-message", chatId: "any", content: "hello", clientId: "c" }));
    expect(await waitFor(() => framesOf(frames, "error")[0])).toEqual({
      type: "error",
      message: "Too many messages. Please slow down.",
    });
  });

  it("hears of membership changes: a member who left is refused, one who rejoined is let in", async () => {
    const { alice, bob, chatId } = await directChat();
    await send(bob.token, chatId, "before leaving");
    expect((await api("DELETE", `/api/chats/${chatId}`, bob.token)).status).toBe(200);
    expect((await api("POST", `/api/chats/${chatId}/messages`, bob.token, { content: "x" })).status).toBe(404);
    expect((await api("POST", "/api/chats", bob.token, { targetUserId: alice.user.id })).status).toBe(201);
    await send(bob.token, chatId, "after rejoining");
    await eventually(async () => (await d1Messages(chatId)).length === 2);
  });
});
