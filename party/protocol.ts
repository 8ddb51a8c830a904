/**
 * Frames exchanged with the party rooms, with the spec's event names (section 7, Real-time
 * socket). Imports nothing from partyserver so the browser shares it. Incoming frames are parsed
 * with a zod discriminated union, never cast; outgoing ones are typed by `ServerFrame`.
 */
import { z } from "zod";

/** Frames larger than this are refused before parsing. */
export const MAX_FRAME_BYTES = 4 * 1024;

/** Per-connection frame budget: a burst of 10, refilled at 1 frame per second. */
export const FRAME_BURST = 10;
export const FRAME_REFILL_PER_SECOND = 1;

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), id: z.string().max(64).optional() }),
  /** Joins the room's chat; `after` is the newest message id the client holds, to catch up from. */
  z.object({ type: z.literal("join-chat"), chatId: id, after: id.optional() }),
  z.object({ type: z.literal("typing"), chatId: id, isTyping: z.boolean() }),
  /** Marks messages up to `timestamp` (epoch ms) as read. */
  z.object({ type: z.literal("mark-read"), chatId: id, timestamp: z.number().int().nonnegative() }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/** A message as the client shows it (spec section 3, Chat.messages); also the /api answer's. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  content: z.string(),
  /** ISO time the server stored it. */
  timestamp: z.string(),
  /** The sender's user id. */
  sender: z.string().nullable(),
  senderName: z.string(),
  isAssistant: z.boolean(),
  read: z.boolean(),
  clientId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A new-message notice for the recipient's own notification room (spec: Chat notification). */
export const ChatNotificationSchema = z.object({
  chatId: z.string(),
  sender: z.string(),
  content: z.string(),
  messageId: z.string(),
});
export type ChatNotification = z.infer<typeof ChatNotificationSchema>;

export type ServerFrame =
  | { type: "welcome"; userId: string; room: string }
  | { type: "pong"; id?: string; userId: string }
  | { type: "error"; message: string }
  | { type: "receive-message"; chatId: string; message: ChatMessage }
  | { type: "user-typing"; chatId: string; userId: string; isTyping: boolean }
  | { type: "message-read"; chatId: string; userId: string; timestamp: number }
  | { type: "joined"; chatId: string; missed: number }
  | ({ type: "chat-notification" } & ChatNotification)
  /** The recipient's total unread count across their chats, pushed after every change. */
  | { type: "unread"; count: number };

/** Parses one incoming frame; never casts. */
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

const ServerFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("welcome"), userId: z.string(), room: z.string() }),
  z.object({ type: z.literal("pong"), id: z.string().optional(), userId: z.string() }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({ type: z.literal("receive-message"), chatId: z.string(), message: ChatMessageSchema }),
  z.object({ type: z.literal("user-typing"), chatId: z.string(), userId: z.string(), isTyping: z.boolean() }),
  z.object({ type: z.literal("message-read"), chatId: z.string(), userId: z.string(), timestamp: z.number() }),
  z.object({ type: z.literal("joined"), chatId: z.string(), missed: z.number() }),
  ChatNotificationSchema.extend({ type: z.literal("chat-notification") }),
  z.object({ type: z.literal("unread"), count: z.number() }),
]);

/** Parses a frame the server sent (the browser's side); null when it is not one we know. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = ServerFrameSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data satisfies ServerFrame) : null;
  } catch {
    return null;
  }
}

/** The header the Worker sets, after authenticating, to tell a room who connected. */
export const USER_ID_HEADER = "X-Cardshare-User-Id";
/** When the connection's session expires (ms since the epoch), set by the Worker with the user id. */
export const SESSION_EXPIRES_HEADER = "X-Cardshare-Session-Expires";

/** Close code a room uses when it ends a user's connections (sign-out, deactivation, expiry). */
export const CLOSE_SESSION_ENDED = 4001;

/** The rooms' RPC surface the Worker calls through the Durable Object bindings. */
export interface RoomRpc {
  /** Sends a frame to every connection in the room, or only to one user's connections. */
  publish(frame: ServerFrame, options?: { toUser?: string; exceptUser?: string }): Promise<number>;
  /** Closes every connection of a user in this room. */
  closeUser(userId: string): Promise<number>;
}
