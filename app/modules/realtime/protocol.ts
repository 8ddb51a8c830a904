/**
 * The realtime protocol (docs/product.md#realtime-protocol): every frame a client and a room
 * exchange, each defined once as a zod schema with the spec's event names; the TypeScript types
 * are inferred from the schemas. Browser-safe and free of partyserver, so the rooms (party/, chats/room/) and
 * the browser (use-room-socket.ts) share it. `zod/mini` keeps the browser's share small.
 */
import { z } from "zod/mini";
import type { DomainStatus } from "~/core/errors";

/**
 * Frames larger than this are refused before parsing: room for a `send-message` of 2,000
 * characters however they encode (3 bytes each in UTF-8, up to 6 once escaped in JSON).
 */
export const MAX_FRAME_BYTES = 16 * 1024;

/**
 * Per-connection frame budget: a burst of 10, refilled at 1 frame per second (both times
 * RATE_LIMIT_MULTIPLIER). A `send-message` the room stores is not counted here but by its chat's
 * message limit; one it refuses or had stored before counts here, and none is taken once the budget
 * is spent.
 */
export const FRAME_BURST = 10;
export const FRAME_REFILL_PER_SECOND = 1;

/** The header the Worker sets, after authenticating, to tell a room who connected. */
export const USER_ID_HEADER = "X-Cardshare-User-Id";
/** When the connection's session expires (ms since the epoch), set by the Worker with the user id. */
export const SESSION_EXPIRES_HEADER = "X-Cardshare-Session-Expires";
/**
 * When the Worker found the session (ms since the epoch, taken before the lookup): a room refuses a
 * connection whose session was checked before the user's sessions ended there (`closeUser`).
 */
export const SESSION_CHECKED_HEADER = "X-Cardshare-Session-Checked";

/**
 * How long a room waits, after telling a user's sockets `session-ended`, before it closes the ones
 * still open. A browser closes its own at once (a close the client starts completes at once; one
 * the server starts waits for the client's close timeout, 2 s in Chromium, 10 s elsewhere); frames
 * are refused from the first moment either way.
 */
export const SESSION_END_GRACE_MS = 200;

/** Close code a room uses when it ends a user's connections (sign-out, deactivation, expiry). */
export const CLOSE_SESSION_ENDED = 4001;
/** Close code for a connection that reached a room without the Worker's identity headers. */
export const CLOSE_NOT_AUTHENTICATED = 1008;

const id = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

/** A message as the client shows it (docs/product.md#chat); also the /api answer's. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  content: z.string(),
  /** ISO time the server stored it. */
  timestamp: z.string(),
  /** The sender's user id. */
  sender: z.nullable(z.string()),
  senderName: z.string(),
  isAssistant: z.boolean(),
  read: z.boolean(),
  clientId: z.nullable(z.string()),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A new-message notice for the recipient's own notification room (and the fallback poll's answer). */
export const ChatNotificationSchema = z.object({
  chatId: z.string(),
  sender: z.string(),
  content: z.string(),
  messageId: z.string(),
});
export type ChatNotification = z.infer<typeof ChatNotificationSchema>;

/** GET /api/chats/unread's payload: the notification room's news, polled while the socket is down. */
export const UnreadAnswerSchema = z.object({ count: z.number(), latest: z.array(ChatNotificationSchema) });

/** Client to room. */
export const ClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), id: z.optional(z.string().check(z.maxLength(64))) }),
  /**
   * Joins the room's chat; `after` is the newest message id the client holds, to catch up from.
   * Without it the room sends its newest messages (a page of them), which the client merges by id.
   */
  z.object({ type: z.literal("join-chat"), chatId: id, after: z.optional(id) }),
  z.object({ type: z.literal("typing"), chatId: id, isTyping: z.boolean() }),
  /** Marks messages up to `timestamp` (epoch ms) as read. */
  z.object({ type: z.literal("mark-read"), chatId: id, timestamp: z.int().check(z.nonnegative()) }),
  /**
   * Sends a message (the same rules as POST /api/chats/{id}/messages; the room checks the content).
   * The room answers with `receive-message` to everyone, the sender included, or an `error` frame
   * naming the `clientId`.
   */
  z.object({
    type: z.literal("send-message"),
    chatId: id,
    content: z.string(),
    clientId: z.optional(z.string().check(z.maxLength(64))),
  }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/** Room to client. */
export const ServerFrameSchema = z.discriminatedUnion("type", [
  /** The connection is accepted: who the room knows it as. */
  z.object({ type: z.literal("welcome"), userId: z.string(), room: z.string() }),
  z.object({ type: z.literal("pong"), id: z.optional(z.string()), userId: z.string() }),
  /** A refused frame; `clientId` when it was a `send-message` that carried one. */
  z.object({ type: z.literal("error"), message: z.string(), clientId: z.optional(z.string()) }),
  z.object({ type: z.literal("receive-message"), chatId: z.string(), message: ChatMessageSchema }),
  z.object({ type: z.literal("user-typing"), chatId: z.string(), userId: z.string(), isTyping: z.boolean() }),
  /** `userId` has read the chat up to `timestamp` (epoch ms). */
  z.object({ type: z.literal("message-read"), chatId: z.string(), userId: z.string(), timestamp: z.number() }),
  /** The answer to join-chat, after the `missed` messages were sent. */
  z.object({ type: z.literal("joined"), chatId: z.string(), missed: z.number() }),
  z.extend(ChatNotificationSchema, { type: z.literal("chat-notification") }),
  /**
   * The session behind this socket ended (sign-out, password reset, email revert, deactivation,
   * deletion): the client closes the socket now and reconnects, which only a live session can.
   */
  z.object({ type: z.literal("session-ended") }),
  /** The recipient's total unread count across their chats, pushed after every change. */
  z.object({ type: z.literal("unread"), count: z.number() }),
  /**
   * News for the recipient beyond chat, a toast linking to `href`: an application's outcome step
   * (docs/product.md#outcomes), one of their referrals held or answered by an admin (#link-review).
   * `referralId` names the referral it is about, so the pages showing it revalidate (notices.ts).
   */
  z.object({
    type: z.literal("notice"),
    id: z.string(),
    text: z.string(),
    href: z.string(),
    referralId: z.optional(z.string()),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

/** Parses one incoming frame (the rooms' side); never casts, says what was wrong. */
export function parseClientFrame(raw: string | ArrayBuffer): ClientFrame | { error: string } {
  if (typeof raw !== "string") return { error: "Binary frames are not supported" };
  if (new TextEncoder().encode(raw).byteLength > MAX_FRAME_BYTES) return { error: "Frame too large" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { error: "Frame is not valid JSON" };
  }
  const parsed = ClientFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : { error: "Unknown or malformed frame" };
}

/** Parses a frame a room sent (the browser's side); null when it is not one we know. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = ServerFrameSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The rooms' RPC surface the Worker calls through the Durable Object bindings. */
export interface RoomRpc {
  /** Sends a frame to every connection in the room, or only to one user's connections. */
  publish(frame: ServerFrame, options?: { toUser?: string; exceptUser?: string }): Promise<number>;
  /** Closes every connection of a user in this room. */
  closeUser(userId: string): Promise<number>;
  /** Answers true: the health check's proof that Durable Objects are reachable. */
  ping(): Promise<boolean>;
}

/** A message handed to a chat's room (ADR 040: the room stores it, fans it out, mirrors it to D1). */
export type RoomSend = {
  userId: string;
  content: string;
  clientId: string | null;
  /** Wait (briefly) until D1 has it too: for the no-JS page, whose next page load reads D1. */
  waitForMirror?: boolean;
};

/** The room's answer: the message as its sender sees it, or why it was refused (an HTTP status). */
export type RoomSendAnswer = { ok: true; message: ChatMessage } | { ok: false; status: DomainStatus; message: string };

/** A chat room's RPC surface beyond every room's. */
export interface ChatRoomRpc extends RoomRpc {
  sendMessage(input: RoomSend): Promise<RoomSendAnswer>;
  /** The chat's memberships changed in D1 (joined, left, rejoined): the room reloads them. */
  membersChanged(): Promise<void>;
  /** A member deleted their account: their messages here now name the stand-in (ADR 150). */
  forgetMember(userId: string, standIn: DeletedStandIn): Promise<void>;
}

/** A member's notification room's RPC surface beyond every room's. */
export interface UserNotificationsRpc extends RoomRpc {
  /** The member deleted their account: the room keeps nothing of them (ADR 153). */
  forgetUser(): Promise<void>;
}

/** Who a deleted account's messages are shown as: the stand-in row's id and username (ADR 150). */
export type DeletedStandIn = { id: string; username: string };
