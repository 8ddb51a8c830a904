/**
 * Chats' fan-out: what the rooms are told after a write landed in D1 (ADR 040). Commands call
 * these and never the rooms directly, so where a write lands and how it is announced stay
 * separable. Fan-out is best effort (`ctx.realtime` never throws): a client that missed a frame
 * catches up from D1.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { chatMembers } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import type { ChatMessage } from "~/modules/realtime/protocol";

type FanOutCtx = Pick<Ctx, "db" | "realtime" | "waitUntil">;

/**
 * A stored message: to the chat's room before the sender's answer (the conversation shows it
 * live), then to each other visible member's own room (notice and new unread count) after it, so
 * a group's size never delays the sender.
 */
export async function announceMessage(ctx: FanOutCtx, message: ChatMessage) {
  await ctx.realtime.toChat(message.chatId, { type: "receive-message", chatId: message.chatId, message });
  const done = notifyRecipients(ctx, message).catch((error) => console.error("chats: notifications failed", error));
  ctx.waitUntil(done);
}

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

/** A member left a chat: their unread count drops and their sockets in its room close. */
export async function announceLeft(ctx: FanOutCtx, input: { chatId: string; userId: string; unread: number }) {
  await Promise.all([
    ctx.realtime.toUser(input.userId, { type: "unread", count: input.unread }),
    ctx.realtime.closeUser(input.userId, { chatIds: [input.chatId], notifications: false }),
  ]);
}

/**
 * Tells each other visible member's own room about a stored message: one query for the
 * recipients with their unread counts, then one RPC per frame, all in parallel.
 */
async function notifyRecipients(ctx: FanOutCtx, message: ChatMessage) {
  // countUnread's rule for every recipient at once (correlated on the outer chat_members row).
  const recipients = await ctx.db
    .select({
      userId: chatMembers.userId,
      unread: sql<number>`(select count(*) from messages m
        inner join chat_members mine on mine.chat_id = m.chat_id and mine.user_id = chat_members.user_id
        where mine.hidden_at is null
          and (m.sender_id is null or m.sender_id <> chat_members.user_id)
          and m.created_at > coalesce(mine.last_read_at, 0))`,
    })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.chatId, message.chatId),
        ne(chatMembers.userId, message.sender ?? ""),
        isNull(chatMembers.hiddenAt),
      ),
    );
  await Promise.all(
    recipients.flatMap(({ userId, unread }) => [
      ctx.realtime.toUser(userId, {
        type: "chat-notification",
        chatId: message.chatId,
        sender: message.senderName,
        content: message.content,
        messageId: message.id,
      }),
      ctx.realtime.toUser(userId, { type: "unread", count: Number(unread) }),
    ]),
  );
}
