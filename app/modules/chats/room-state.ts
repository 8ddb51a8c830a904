/**
 * The open conversation's state as pure functions (browser-safe, unit-tested): the messages
 * merged from the page and the room, the queue of optimistic sends, and the read marks.
 */
import type { ChatMessage } from "~/modules/realtime/protocol";

/** A message the member sent that no stored message answers yet. */
export interface PendingMessage {
  /** The id the message is sent with; the stored message carries it back, a retry reuses it. */
  clientId: string;
  content: string;
  status: "sending" | "failed";
  /** Why it was not sent, in the words the server or the transport gave. */
  error?: string;
}

/** Messages by id, oldest first; a later copy of a message updates the earlier one. */
export function mergeMessages(...lists: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
}

/** The queue with `content` (re)sent under `clientId`: last in line and sending. */
export function queueSend(pending: PendingMessage[], clientId: string, content: string): PendingMessage[] {
  return [...pending.filter((entry) => entry.clientId !== clientId), { clientId, content, status: "sending" }];
}

/** The queue once the server stored `clientId`'s message. */
export function confirmSend(pending: PendingMessage[], clientId: string): PendingMessage[] {
  return pending.filter((entry) => entry.clientId !== clientId);
}

/** The queue with `clientId`'s send failed for `error` (it stays, to be retried). */
export function failSend(pending: PendingMessage[], clientId: string, error: string): PendingMessage[] {
  return pending.map((entry) => (entry.clientId === clientId ? { ...entry, status: "failed" as const, error } : entry));
}

/**
 * The entries no shown message answers: a send whose message arrived through the room (or a
 * reload) before its own answer is no longer pending.
 */
export function unconfirmed(pending: PendingMessage[], messages: ChatMessage[]): PendingMessage[] {
  const stored = new Set(messages.map((message) => message.clientId).filter(Boolean));
  return pending.filter((entry) => !stored.has(entry.clientId));
}

/** Whether a send is in flight (the composer waits for it). */
export function isSending(pending: PendingMessage[]): boolean {
  return pending.some((entry) => entry.status === "sending");
}

/** The newest message of the others that is not read yet: what opening the chat marks read. */
export function newestUnreadId(messages: ChatMessage[], meId: string): string | null {
  return messages.findLast((message) => message.sender !== meId && !message.read)?.id ?? null;
}

/**
 * Whether a message shows as Read: stored as read, or one's own and covered by the read mark
 * another member announced (`readUpTo`, epoch ms) since the page loaded.
 */
export function shownRead(message: ChatMessage, meId: string, readUpTo: number): boolean {
  return message.read || (message.sender === meId && Date.parse(message.timestamp) <= readUpTo);
}
