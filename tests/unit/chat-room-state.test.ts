import { describe, expect, it } from "vitest";
import {
  confirmSend,
  failSend,
  isSending,
  mergeMessages,
  newestUnreadId,
  queueSend,
  shownRead,
  unconfirmed,
  type PendingMessage,
} from "../../app/modules/chats/room-state";
import type { ChatMessage } from "../../app/modules/realtime/protocol";

const ME = "me";

function message(id: string, at: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chatId: "c1",
    content: `content of ${id}`,
    timestamp: `2026-11-23T10:00:${at}.000Z`,
    sender: "other",
    senderName: "Other",
    isAssistant: false,
    read: false,
    clientId: null,
    ...overrides,
  };
}

describe("the conversation's messages", () => {
  it("merges the page's and the room's by id, oldest first, ties by id", () => {
    const page = [message("b", "02"), message("a", "01")];
    const live = [message("c", "02"), message("b", "02", { read: true })];
    expect(mergeMessages(page, live).map((m) => [m.id, m.read])).toEqual([
      ["a", false],
      ["b", true],
      ["c", false],
    ]);
    expect(mergeMessages()).toEqual([]);
  });

  it("marks the newest unread message of the others, never one's own", () => {
    const messages = [
      message("a", "01"),
      message("b", "02"),
      message("c", "03", { sender: ME }),
      message("d", "04", { read: true }),
    ];
    expect(newestUnreadId(messages, ME)).toBe("b");
    expect(newestUnreadId([message("x", "01", { sender: ME })], ME)).toBeNull();
    // A message of a deleted account (no sender) is someone else's.
    expect(newestUnreadId([message("y", "01", { sender: null })], ME)).toBe("y");
  });

  it("shows one's own message Read when stored so or covered by another member's read mark", () => {
    const mine = message("a", "05", { sender: ME });
    const at = Date.parse(mine.timestamp);
    expect(shownRead(mine, ME, 0)).toBe(false);
    expect(shownRead(mine, ME, at - 1)).toBe(false);
    expect(shownRead(mine, ME, at)).toBe(true);
    expect(shownRead({ ...mine, read: true }, ME, 0)).toBe(true);
    // Another member's read mark says nothing about the others' messages.
    expect(shownRead(message("b", "05"), ME, at + 1000)).toBe(false);
  });
});

describe("the optimistic send queue", () => {
  it("queues a send, confirms it, or keeps it as failed with the reason", () => {
    let pending: PendingMessage[] = [];
    pending = queueSend(pending, "one", "first");
    pending = queueSend(pending, "two", "second");
    expect(pending).toEqual([
      { clientId: "one", content: "first", status: "sending" },
      { clientId: "two", content: "second", status: "sending" },
    ]);
    expect(isSending(pending)).toBe(true);

    pending = failSend(pending, "one", "Network error. Please check your connection.");
    pending = confirmSend(pending, "two");
    expect(pending).toEqual([
      { clientId: "one", content: "first", status: "failed", error: "Network error. Please check your connection." },
    ]);
    expect(isSending(pending)).toBe(false);
  });

  it("moves a retried send to the end, sending again under the same client id", () => {
    let pending: PendingMessage[] = [];
    pending = queueSend(pending, "one", "first");
    pending = failSend(pending, "one", "Unknown error occurred");
    pending = queueSend(pending, "two", "second");
    pending = failSend(pending, "two", "Unknown error occurred");
    pending = queueSend(pending, "one", "first");
    expect(pending.map((entry) => [entry.clientId, entry.status])).toEqual([
      ["two", "failed"],
      ["one", "sending"],
    ]);
  });

  it("drops an entry once its message is shown, even before the send's own answer", () => {
    const pending = queueSend(queueSend([], "one", "first"), "two", "second");
    const arrived = [message("m1", "01", { sender: ME, clientId: "one" }), message("m2", "02")];
    expect(unconfirmed(pending, arrived).map((entry) => entry.clientId)).toEqual(["two"]);
    expect(unconfirmed(pending, [])).toEqual(pending);
  });

  it("leaves other entries alone when one changes", () => {
    const pending = queueSend([], "one", "first");
    expect(failSend(pending, "unknown", "x")).toEqual(pending);
    expect(confirmSend(pending, "unknown")).toEqual(pending);
  });
});
