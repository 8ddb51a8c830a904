import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import {
  MAX_FRAME_BYTES,
  parseClientFrame,
  parseServerFrame,
  type ChatMessage,
  type ClientFrame,
  type ServerFrame,
} from "../../app/modules/realtime/protocol";
import { isRoomName, partyOf, roomPath, ROOMS } from "../../app/modules/realtime/rooms";

type ByType<F extends { type: string }> = { [T in F["type"]]: Extract<F, { type: T }>[] };

const message: ChatMessage = {
  id: "m1",
  chatId: "c1",
  content: "Hello",
  timestamp: "2026-11-23T10:00:00.000Z",
  sender: "u1",
  senderName: "Ann A.",
  isAssistant: false,
  read: false,
  clientId: "client-0001",
};

// Every frame type must have examples: a frame added to the protocol without one fails to compile.
const CLIENT_FRAMES: ByType<ClientFrame> = {
  ping: [{ type: "ping" }, { type: "ping", id: "p1" }],
  "join-chat": [
    { type: "join-chat", chatId: "c1" },
    { type: "join-chat", chatId: "c1", after: "m1" },
  ],
  typing: [
    { type: "typing", chatId: "c1", isTyping: true },
    { type: "typing", chatId: "c_1-x", isTyping: false },
  ],
  "mark-read": [
    { type: "mark-read", chatId: "c1", timestamp: 0 },
    { type: "mark-read", chatId: "c1", timestamp: 1_795_000_000_000 },
  ],
  "send-message": [
    { type: "send-message", chatId: "c1", content: "Hello" },
    { type: "send-message", chatId: "c1", content: "Hi", clientId: "client-0001" },
  ],
};

const SERVER_FRAMES: ByType<ServerFrame> = {
  welcome: [{ type: "welcome", userId: "u1", room: "c1" }],
  pong: [
    { type: "pong", userId: "u1" },
    { type: "pong", id: "p1", userId: "u1" },
  ],
  error: [{ type: "error", message: "Frame too large" }],
  "receive-message": [
    { type: "receive-message", chatId: "c1", message },
    { type: "receive-message", chatId: "c1", message: { ...message, sender: null, clientId: null, read: true } },
  ],
  "user-typing": [{ type: "user-typing", chatId: "c1", userId: "u2", isTyping: true }],
  "message-read": [{ type: "message-read", chatId: "c1", userId: "u2", timestamp: 1_795_000_000_000 }],
  joined: [{ type: "joined", chatId: "c1", missed: 2 }],
  "chat-notification": [{ type: "chat-notification", chatId: "c1", sender: "Ann A.", content: "Hi", messageId: "m1" }],
  "session-ended": [{ type: "session-ended" }],
  unread: [{ type: "unread", count: 0 }],
  notice: [
    { type: "notice", id: "a1-bonus-posted", text: "Ann says the bonus posted.", href: "/dashboard/my-applications" },
  ],
};

const MALFORMED = { error: "Unknown or malformed frame" };

describe("the realtime protocol", () => {
  it.each(Object.values(CLIENT_FRAMES).flat())("round-trips the client frame %j", (frame) => {
    expect(parseClientFrame(JSON.stringify(frame))).toEqual(frame);
  });

  it.each(Object.values(SERVER_FRAMES).flat())("round-trips the server frame %j", (frame) => {
    expect(parseServerFrame(JSON.stringify(frame))).toEqual(frame);
  });

  it.each([
    ["an unknown type", { type: "shout", chatId: "c1" }],
    ["no type", { chatId: "c1", isTyping: true }],
    ["a server frame", { type: "welcome", userId: "u1", room: "c1" }],
    ["a string where a boolean goes", { type: "typing", chatId: "c1", isTyping: "yes" }],
    ["a missing field", { type: "typing", chatId: "c1" }],
    ["an empty chat id", { type: "join-chat", chatId: "" }],
    ["a chat id with a slash", { type: "typing", chatId: "../c1", isTyping: true }],
    ["a chat id over 64 characters", { type: "typing", chatId: "c".repeat(65), isTyping: true }],
    ["an after id with a space", { type: "join-chat", chatId: "c1", after: "m 1" }],
    ["a negative timestamp", { type: "mark-read", chatId: "c1", timestamp: -1 }],
    ["a fractional timestamp", { type: "mark-read", chatId: "c1", timestamp: 1.5 }],
    ["a timestamp as text", { type: "mark-read", chatId: "c1", timestamp: "1" }],
    ["a ping id over 64 characters", { type: "ping", id: "p".repeat(65) }],
    ["an array", [{ type: "ping" }]],
    ["null", null],
    ["a number", 42],
  ])("refuses a client frame with %s", (_case, frame) => {
    expect(parseClientFrame(JSON.stringify(frame))).toEqual(MALFORMED);
  });

  it("refuses binary, oversized and non-JSON client frames before parsing", () => {
    expect(parseClientFrame(new ArrayBuffer(2))).toEqual({ error: "Binary frames are not supported" });
    const padded = JSON.stringify({ type: "typing", chatId: "c1", isTyping: true, pad: "x".repeat(MAX_FRAME_BYTES) });
    expect(parseClientFrame(padded)).toEqual({ error: "Frame too large" });
    // Bytes, not characters: 5,500 three-byte characters are over 16 KB.
    expect(parseClientFrame(JSON.stringify({ type: "ping", id: "€".repeat(5500) }))).toEqual({
      error: "Frame too large",
    });
    // A message of the longest allowed length fits, whatever its characters.
    const longest = JSON.stringify({ type: "send-message", chatId: "c1", content: "€".repeat(2000), clientId: "c" });
    expect(parseClientFrame(longest)).toMatchObject({ type: "send-message" });
    expect(parseClientFrame("not json")).toEqual({ error: "Frame is not valid JSON" });
  });

  it("keeps only the fields a frame defines", () => {
    expect(
      parseClientFrame(JSON.stringify({ type: "typing", chatId: "c1", isTyping: true, userId: "forged" })),
    ).toEqual({ type: "typing", chatId: "c1", isTyping: true });
  });

  it.each([
    ["an unknown type", JSON.stringify({ type: "shout" })],
    ["a client frame", JSON.stringify({ type: "typing", chatId: "c1", isTyping: true })],
    [
      "a message without its sender name",
      JSON.stringify({ type: "receive-message", chatId: "c1", message: { ...message, senderName: undefined } }),
    ],
    ["a count as text", JSON.stringify({ type: "unread", count: "3" })],
    ["broken JSON", "{"],
    ["a binary frame", new ArrayBuffer(2)],
  ])("drops a server frame with %s", (_case, raw) => {
    expect(parseServerFrame(raw)).toBeNull();
  });
});

describe("the registry of rooms", () => {
  it("derives each room's URL from its one name, as partyserver routes the binding", () => {
    expect(partyOf("ChatRoom")).toBe("chat-room");
    expect(partyOf("UserNotifications")).toBe("user-notifications");
    expect(roomPath("ChatRoom", "abc123")).toBe("/parties/chat-room/abc123");
    expect(roomPath("UserNotifications", "a/b")).toBe("/parties/user-notifications/a%2Fb");
  });

  it("recognises only its own names", () => {
    expect(isRoomName("ChatRoom")).toBe(true);
    expect(isRoomName("DB")).toBe(false);
    expect(isRoomName("toString")).toBe(false);
    expect(isRoomName("chat-room")).toBe(false);
  });

  it("names every room once: binding, class and migration in wrangler.toml", () => {
    const config = unstable_readConfig({ config: "wrangler.toml" });
    const bindings: { name: string; class_name: string }[] = config.durable_objects.bindings;
    const migrations: { new_sqlite_classes?: string[] }[] = config.migrations;
    const names = Object.keys(ROOMS).sort();
    expect(bindings.map((binding) => binding.name).sort()).toEqual(names);
    for (const binding of bindings) expect(binding.class_name).toBe(binding.name);
    expect(migrations.flatMap((migration) => migration.new_sqlite_classes ?? []).sort()).toEqual(names);
  });
});
