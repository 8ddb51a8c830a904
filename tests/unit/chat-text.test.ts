import { describe, expect, it } from "vitest";
import { SendMessageSchema } from "../../app/modules/chats/schemas";
import { parseClientFrame } from "../../app/modules/realtime/protocol";
import { unreadBadge } from "../../app/core/format";
import { newMessageToastText } from "../../app/modules/realtime/notices";

describe("chat texts and rules", () => {
  it("previews the first 30 characters in the new-message toast", () => {
    expect(newMessageToastText("Ann", "short")).toBe("New message from Ann: short");
    expect(newMessageToastText("Ann", "a".repeat(30))).toBe(`New message from Ann: ${"a".repeat(30)}`);
    expect(newMessageToastText("Ann", "b".repeat(31))).toBe(`New message from Ann: ${"b".repeat(30)}...`);
  });

  it("shows 9+ above 9 unread", () => {
    expect(unreadBadge(9)).toBe("9");
    expect(unreadBadge(10)).toBe("9+");
  });

  it("refuses blank, whitespace-only and over-long messages", () => {
    expect(SendMessageSchema.safeParse({ content: " \n\t " }).success).toBe(false);
    expect(SendMessageSchema.safeParse({ content: "x".repeat(2001) }).success).toBe(false);
    expect(SendMessageSchema.parse({ content: "  hi  " }).content).toBe("hi");
  });

  it("parses frames, never casts", () => {
    expect(parseClientFrame(JSON.stringify({ type: "typing", chatId: "c1", isTyping: true }))).toEqual({
      type: "typing",
      chatId: "c1",
      isTyping: true,
    });
    expect(parseClientFrame(JSON.stringify({ type: "typing", chatId: "c1" }))).toEqual({
      error: "Unknown or malformed frame",
    });
    expect(parseClientFrame(new ArrayBuffer(2))).toEqual({ error: "Binary frames are not supported" });
  });
});
