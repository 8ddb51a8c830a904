/**
 * Chats' fan-out: what the rooms are told after a write other than a message (ADR 040): read marks,
 * leaving and joining. Commands call these and never the rooms directly. A message is delivered by
 * its own room, which stored it; its recipients are told by the room's mirror (room/mirror.server.ts).
 * Fan-out is best effort (`ctx.realtime` never throws): a client that missed a frame catches up.
 */
import type { Ctx } from "~/core/context.server";

type FanOutCtx = Pick<Ctx, "realtime">;

/** A member's read mark: the read marks in the chat's room, the new unread count to the member. */
export async function announceRead(
  ctx: FanOutCtx,
  input: { chatId: string; userId: string; timestamp: number; unread: number },
) {
  await Promise.all([
    ctx.realtime.toChat(input.chatId, {
      type: "message-read",
      chatId: input.chatId,
      userId: input.userId,
      timestamp: input.timestamp,
    }),
    ctx.realtime.toUser(input.userId, { type: "unread", count: input.unread }),
  ]);
}

/**
 * A member left a chat: the room forgets its members (it reloads them from D1 on the next send),
 * their unread count drops and their sockets in its room close.
 */
export async function announceLeft(ctx: FanOutCtx, input: { chatId: string; userId: string; unread: number }) {
  await Promise.all([
    ctx.realtime.membersChanged(input.chatId),
    ctx.realtime.toUser(input.userId, { type: "unread", count: input.unread }),
    ctx.realtime.closeUser(input.userId, { chatIds: [input.chatId], notifications: false }),
  ]);
}

/** Members joined or rejoined a chat: its room reloads them before the next send. */
export async function announceJoined(ctx: Pick<Ctx, "realtime">, input: { chatId: string }) {
  await ctx.realtime.membersChanged(input.chatId);
}
