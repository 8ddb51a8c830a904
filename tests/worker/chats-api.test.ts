import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMembers, chats, messages } from "../../db/schema";
import { CHAT_MESSAGES } from "../../app/modules/chats/schemas";
import { api as callApi, createSignedInUser, fetchPath, postJson, testDb } from "./helpers";
import { eventually } from "./socket-helpers";
import { createMarket } from "./market-helpers";

type Json = Record<string, unknown> & { success: boolean; message?: string };

/**
 * The API, except that a message sent is waited for until D1 has it: the room answers once it
 * stored and delivered it, and mirrors it to D1 right after (ADR 040), while these tests read D1.
 */
async function api(method: string, path: string, token: string | null, body?: unknown) {
  const answer = await callApi<Json>(method, path, token, body);
  const sent = answer.body.data as { id?: string } | undefined;
  if (method === "POST" && path.endsWith("/messages") && answer.status === 201 && sent?.id) {
    await eventually(async () => (await testDb().select().from(messages).where(eq(messages.id, sent.id!))).length > 0);
  }
  return answer;
}

async function directChat() {
  const alice = await createSignedInUser({ firstName: "Alice", lastName: "Archer" });
  const bob = await createSignedInUser({ firstName: "Bob", lastName: "Baker", showFullName: false });
  const created = await api("POST", "/api/chats", alice.token, { name: "", targetUserId: bob.user.id });
  expect(created.status).toBe(201);
  return { alice, bob, chatId: created.body.id as string };
}

const messageCount = async (chatId: string) =>
  (await testDb().select().from(messages).where(eq(messages.chatId, chatId))).length;

describe("/api/chats", () => {
  it("opens one direct chat per pair, listed for both with the other's masked name", async () => {
    const { alice, bob, chatId } = await directChat();
    const again = await api("POST", "/api/chats", bob.token, { targetUserId: alice.user.id });
    expect(again.body.id).toBe(chatId);

    const aliceList = await api("GET", "/api/chats", alice.token);
    expect(aliceList.body.data).toEqual([
      expect.objectContaining({
        id: chatId,
        isDirectChat: true,
        otherParticipant: { id: bob.user.id, username: "B*****r", profileImage: null },
        unreadCount: 0,
        lastMessage: null,
      }),
    ]);
    const bobList = await api("GET", "/api/chats", bob.token);
    expect((bobList.body.data as { otherParticipant: { username: string } }[])[0].otherParticipant.username).toBe(
      "Alice Archer",
    );
  });

  it("sends, counts unread, marks read and shows the read mark to the sender", async () => {
    const { alice, bob, chatId } = await directChat();
    const sent = await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "  Hi Bob  " });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ content: "Hi Bob", sender: alice.user.id, read: false });

    const bobList = await api("GET", "/api/chats", bob.token);
    expect(bobList.body.data).toEqual([expect.objectContaining({ unreadCount: 1, lastMessage: "Hi Bob" })]);
    expect((await api("GET", "/api/chats/unread", bob.token)).body).toMatchObject({
      count: 1,
      latest: [{ chatId, sender: "Alice Archer", content: "Hi Bob" }],
    });

    const read = await api("POST", `/api/chats/${chatId}/read`, bob.token);
    expect(read.status).toBe(200);
    expect(read.body.unread).toBe(0);
    const chat = await api("GET", `/api/chats/${chatId}`, alice.token);
    expect(chat.body.data).toMatchObject({ id: chatId, messages: [{ content: "Hi Bob", read: true }] });
  });

  it("refuses blank and over-long messages and stores a retried send once", async () => {
    const { alice, chatId } = await directChat();
    const blank = await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "   " });
    expect(blank.status).toBe(400);
    const long = await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Messages can be at most 2,000 characters.");
    const max = await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "x".repeat(2000) });
    expect(max.status).toBe(201);

    const first = await api("POST", `/api/chats/${chatId}/messages`, alice.token, {
      content: "Once",
      clientId: "c-12345678",
    });
    const retry = await api("POST", `/api/chats/${chatId}/messages`, alice.token, {
      content: "Once",
      clientId: "c-12345678",
    });
    expect(retry.status).toBe(201);
    expect((retry.body.data as { id: string }).id).toBe((first.body.data as { id: string }).id);
    expect(await messageCount(chatId)).toBe(2);
  });

  it("refuses every route to a non-member and changes nothing", async () => {
    const { alice, chatId } = await directChat();
    await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "Private" });
    const mallory = await createSignedInUser();

    expect((await api("GET", `/api/chats/${chatId}`, mallory.token)).status).toBe(404);
    expect((await api("POST", `/api/chats/${chatId}/messages`, mallory.token, { content: "Intrude" })).status).toBe(
      404,
    );
    expect((await api("POST", `/api/chats/${chatId}/read`, mallory.token)).status).toBe(404);
    expect((await api("DELETE", `/api/chats/${chatId}`, mallory.token)).status).toBe(404);
    expect((await api("GET", "/api/chats", mallory.token)).body.data).toEqual([]);
    expect(await messageCount(chatId)).toBe(1);
    const members = await testDb().select().from(chatMembers).where(eq(chatMembers.chatId, chatId));
    expect(members.every((member) => member.hiddenAt === null)).toBe(true);

    expect((await api("GET", "/api/chats", null)).status).toBe(401);
    expect((await api("GET", `/api/chats/${chatId}`, null)).status).toBe(401);
    expect((await api("POST", `/api/chats/${chatId}/messages`, null, { content: "Hi" })).status).toBe(401);
  });

  it("leaving removes the chat from my list only; starting it again rejoins the same chat", async () => {
    const { alice, bob, chatId } = await directChat();
    await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: "Before" });
    expect((await api("DELETE", `/api/chats/${chatId}`, bob.token)).status).toBe(200);
    expect((await api("GET", "/api/chats", bob.token)).body.data).toEqual([]);
    expect((await api("GET", `/api/chats/${chatId}`, bob.token)).status).toBe(404);
    expect((await api("POST", `/api/chats/${chatId}/messages`, bob.token, { content: "x" })).status).toBe(404);
    expect((await api("GET", "/api/chats/unread", bob.token)).body.count).toBe(0);
    expect((await api("GET", `/api/chats/${chatId}`, alice.token)).body.data).toMatchObject({
      messages: [{ content: "Before" }],
    });

    const rejoined = await api("POST", "/api/chats", bob.token, { targetUserId: alice.user.id });
    expect(rejoined.body.id).toBe(chatId);
    expect((await api("GET", "/api/chats", bob.token)).body.data).toHaveLength(1);
  });

  it("refuses a chat with nobody (400 in words), with oneself, or with unknown users", async () => {
    const carol = await createSignedInUser();
    const nobody = await api("POST", "/api/chats", carol.token, {});
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe(CHAT_MESSAGES.noRecipient);
    expect((await api("GET", "/api/chats", carol.token)).body.data).toEqual([]);
    expect((await api("POST", "/api/chats", carol.token, { targetUserId: carol.user.id })).status).toBe(400);
    expect((await api("POST", "/api/chats", carol.token, { targetUserId: "nobody-here" })).status).toBe(404);
  });

  it("an old chat with nobody else in it is not listed and takes no message (409)", async () => {
    const dana = await createSignedInUser();
    const now = new Date();
    const legacy = {
      id: `legacy${Date.now()}`,
      name: "New Chat 1",
      isDirectChat: false,
      createdAt: now,
      updatedAt: now,
    };
    await testDb().insert(chats).values(legacy);
    await testDb().insert(chatMembers).values({ chatId: legacy.id, userId: dana.user.id, createdAt: now });
    expect((await api("GET", "/api/chats", dana.token)).body.data).toEqual([]);
    const sent = await api("POST", `/api/chats/${legacy.id}/messages`, dana.token, { content: "hello?" });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe(CHAT_MESSAGES.nobodyHere);
    expect(await messageCount(legacy.id)).toBe(0);
  });

  it("remembers the referral a chat was opened from, only a referral of either person", async () => {
    const { referrer, applicant, referral, card } = await createMarket();
    const stranger = await createSignedInUser();
    const notTheirs = await api("POST", "/api/chats", stranger.token, {
      targetUserId: applicant.user.id,
      referralId: referral.id,
    });
    expect(notTheirs.status).toBe(404);
    const opened = await api("POST", "/api/chats", applicant.token, {
      targetUserId: referrer.user.id,
      referralId: referral.id,
    });
    expect(opened.status).toBe(201);
    const list = await api("GET", "/api/chats", referrer.token);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: opened.body.id, referral: { id: referral.id, cardName: card.name } }),
    ]);
  });

  it("finds people to chat with by username prefix, ties first, never oneself", async () => {
    const { referrer, applicant } = await createMarket();
    const short = await api("GET", "/api/chats/recipients?q=a", referrer.token);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(CHAT_MESSAGES.searchTooShort);
    const suggestions = await api("GET", "/api/chats/recipients", referrer.token);
    expect(suggestions.body.data).toEqual([expect.objectContaining({ id: applicant.user.id, tie: true })]);
    const prefix = applicant.user.username.slice(0, 6).toUpperCase();
    const found = await api("GET", `/api/chats/recipients?q=${prefix}`, referrer.token);
    const ids = (found.body.data as { id: string }[]).map((person) => person.id);
    expect(ids[0]).toBe(applicant.user.id);
    expect(ids).not.toContain(referrer.user.id);
  });

  it("refuses a cookie-authenticated cross-site post", async () => {
    const { alice, chatId } = await directChat();
    const response = await fetchPath(`/api/chats/${chatId}/messages`, {
      method: "POST",
      headers: { Cookie: alice.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ content: "csrf" }),
    });
    expect(response.status).toBe(403);
    expect(await messageCount(chatId)).toBe(0);
    const carol = await createSignedInUser();
    const another = await postJson(
      "/api/chats",
      { targetUserId: carol.user.id },
      { Authorization: `Bearer ${alice.token}` },
    );
    expect(another.response.status).toBe(201);
    expect(await testDb().select().from(chatMembers).where(eq(chatMembers.userId, alice.user.id))).toHaveLength(2);
  });
});

describe("/api/chats bad requests", () => {
  it("answers a method a route does not have with 405 and Allow", async () => {
    const { alice, chatId } = await directChat();
    const cases: [string, string, string][] = [
      ["GET", `/api/chats/${chatId}/messages`, "POST"],
      ["GET", `/api/chats/${chatId}/read`, "POST"],
      ["PUT", `/api/chats/${chatId}`, "GET, DELETE"],
      ["DELETE", "/api/chats", "GET, POST"],
      ["POST", "/api/chats/unread", "GET"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await fetchPath(path, { method, headers: { Authorization: `Bearer ${alice.token}` } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      expect(await response.json()).toMatchObject({ success: false, message: "Method not allowed" });
    }
  });

  it("refuses bodies that are not a JSON object, and read's optional body when it is not one either", async () => {
    const { alice, chatId } = await directChat();
    const send = (body: string, type = "application/json") =>
      fetchPath(`/api/chats/${chatId}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${alice.token}`, "Content-Type": type },
        body,
      });
    for (const body of ["null", "[]", "5", '"hi"', "{"]) expect((await send(body)).status, body).toBe(400);
    expect((await send("content=hi", "text/plain")).status).toBe(415);
    expect((await send(JSON.stringify({ content: 5 }))).status).toBe(400);
    const read = (body: string) =>
      fetchPath(`/api/chats/${chatId}/read`, {
        method: "POST",
        headers: { Authorization: `Bearer ${alice.token}`, "Content-Type": "application/json" },
        body,
      });
    expect((await read("null")).status).toBe(400);
    expect((await read(JSON.stringify({ timestamp: "yesterday" }))).status).toBe(400);
    expect((await read(JSON.stringify({ timestamp: Date.now() }))).status).toBe(200);
    expect(await messageCount(chatId)).toBe(0);
  });
});
