/**
 * Frames exchanged with the party rooms. Imports nothing from partyserver so the browser can share
 * it. The chat issue extends these unions with the spec's events (join-chat, typing, mark-read,
 * receive-message, user-typing, message-read, chat-notification).
 */
import { z } from "zod";

/** Frames larger than this are refused before parsing. */
export const MAX_FRAME_BYTES = 8 * 1024;

export const ClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), id: z.string().max(64).optional() }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export type ServerFrame =
  | { type: "welcome"; userId: string; room: string }
  | { type: "pong"; id?: string; userId: string }
  | { type: "error"; message: string };

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

/** The header the Worker sets, after authenticating, to tell a room who connected. */
export const USER_ID_HEADER = "X-Cardshare-User-Id";
