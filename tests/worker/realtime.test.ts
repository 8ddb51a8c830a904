import { describe, expect, it } from "vitest";
import { chatMembers, chats } from "../../db/schema";
import { makeDirectChat } from "../../db/factories";
import { createSignedInUser, fetchPath, ORIGIN, testDb } from "./helpers";

/** Opens a WebSocket to a party room through the Worker; returns the response and, on 101, the socket. */
async function connect(path: string, headers: Record<string, string> = {}) {
  const response = await fetchPath(path, { headers: { Upgrade: "websocket", Origin: ORIGIN, ...headers } });
  const socket = response.webSocket;
  if (!socket) return { response, socket: null, frames: [] as unknown[] };
  const frames: unknown[] = [];
  socket.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)));
  });
  socket.accept();
  return { response, socket, frames };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting for a frame");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("realtime rooms behind onBeforeConnect", () => {
  it("refuses a visitor with 401 before the Durable Object runs", async () => {
    const { response } = await connect("/parties/user-notifications/anyone");
    expect(response.status).toBe(401);
  });

  it("lets a user into their own notification room and answers frames", async () => {
    const { user, cookie } = await createSignedInUser();
    const { response, socket, frames } = await connect(`/parties/user-notifications/${user.id}`, { Cookie: cookie });
    expect(response.status).toBe(101);
    expect(await waitFor(() => frames.find((f) => (f as { type: string }).type === "welcome"))).toEqual({
      type: "welcome",
      userId: user.id,
      room: user.id,
    });
    socket!.send(JSON.stringify({ type: "ping", id: "p1" }));
    expect(await waitFor(() => frames.find((f) => (f as { type: string }).type === "pong"))).toEqual({
      type: "pong",
      id: "p1",
      userId: user.id,
    });
    socket!.send("not json");
    expect(await waitFor(() => frames.find((f) => (f as { type: string }).type === "error"))).toEqual({
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
    expect(
      (
        await connect(`/parties/user-notifications/${other.user.id}`, {
          Cookie: other.cookie,
          Origin: "https://evil.example",
        })
      ).response.status,
    ).toBe(403);
  });

  it("lets only members into a chat room; a forged identity header changes nothing", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const mallory = await createSignedInUser();
    const { chat, members } = makeDirectChat(alice.user.id, bob.user.id);
    await testDb().batch([testDb().insert(chats).values(chat), testDb().insert(chatMembers).values(members)]);

    const member = await connect(`/parties/chat-room/${chat.id}`, { Cookie: bob.cookie });
    expect(member.response.status).toBe(101);
    expect(await waitFor(() => member.frames[0])).toMatchObject({ type: "welcome", userId: bob.user.id });
    member.socket!.close();

    const outsider = await connect(`/parties/chat-room/${chat.id}`, {
      Cookie: mallory.cookie,
      "X-Cardshare-User-Id": alice.user.id,
    });
    expect(outsider.response.status).toBe(403);
  });

  it("does not serve plain HTTP requests to rooms", async () => {
    const { user, cookie } = await createSignedInUser();
    expect((await fetchPath(`/parties/user-notifications/${user.id}`, { headers: { Cookie: cookie } })).status).toBe(
      404,
    );
  });
});
