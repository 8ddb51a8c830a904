/**
 * Chats' fan-out: what the rooms are told after a write (ADR 040). Commands call these and never
 * the rooms directly. A message is delivered in its chat's room by the room itself, which stored
 * it; once D1 has it (the room's mirror), its recipients' own rooms are told here, and a recipient with no open tab is mailed (ADR 180). Fan-out is best
 * effort (`ctx.realtime` never throws): a client that missed a frame catches up from the room.
 */
import { and, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { chatMembers } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import type { ChatMessage } from "~/modules/realtime/protocol";
import { unreadCountSql } from "./rows.server";

import { notify } from "~/modules/notifications/notify.server";

type FanOutCtx = Pick<Ctx, "db" | "realtime" | "waitUntil">;

/** At most one chat mail per conversation and member in this window (ADR 180). */
export const CHAT_MAIL_WINDOW_MS = 15 * 60 * 1000;
/** How many of the new messages a chat mail quotes, and how much of each. */
const QUOTED_MESSAGES = 3;
const QUOTED_CHARS = 200;

/**
 * A member with no open tab is mailed the first lines of what they missed, at most once per
 * conversation in CHAT_MAIL_WINDOW_MS (the mark is the throttle; `now` is the clock).
 */
function mailMissedMessages(
  ctx: Pick<Ctx, "db" | "notifications">,
  input: { chatId: string; userId: string; news: ChatMessage[]; now: number },
) {
  const first = input.news[0]!;
  // The first writer's lines: the mail names them, and goes when their account does (ADR 153).
  const quoted = input.news
    .filter((message) => message.sender === first.sender)
    .slice(0, QUOTED_MESSAGES)
    .map((message) =>
      message.content.length > QUOTED_CHARS ? `${message.content.slice(0, QUOTED_CHARS - 1)}…` : message.content,
    );
  return notify(ctx, {
    kind: "chat",
    userId: input.userId,
    key: `chat:${input.chatId}:${input.userId}:${first.id}`,
    aboutUserId: first.sender || undefined,
    throttle: { key: `chat:${input.chatId}`, windowMs: CHAT_MAIL_WINDOW_MS, now: input.now },
    content: {
      subject: `Cardshare: new message from ${first.senderName}`,
      lines: [`${first.senderName} wrote to you on Cardshare:`, ...quoted],
      action: { path: `/chat?chatId=${encodeURIComponent(input.chatId)}`, label: "Reply" },
    },
  });
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

/**
 * Tells each other visible member's own room about messages of one chat that D1 now has (the
 * room's mirror calls it with each batch it inserted): one query for the chat's visible members
 * with their unread counts, then a notice per message of someone else and one unread count per
 * recipient, all in parallel.
 */
export async function announceMirrored(
  ctx: FanOutCtx & Pick<Ctx, "notifications">,
  input: { chatId: string; messages: ChatMessage[]; now?: number },
) {
  if (input.messages.length === 0) return;
  // The header's unread count (rows.server.ts unreadCountSql) for every member at once, correlated
  // on the outer membership row (aliased: the count reads chat_members of its own).
  const member = alias(chatMembers, "member");
  const members = await ctx.db
    .select({ userId: member.userId, unread: unreadCountSql(member.userId) })
    .from(member)
    .where(and(eq(member.chatId, input.chatId), isNull(member.hiddenAt)));
  await Promise.all(
    members.flatMap(({ userId, unread }) => {
      const news = input.messages.filter((message) => message.sender !== userId);
      if (news.length === 0) return [];
      return [
        ...news.map((message) =>
          ctx.realtime.toUser(userId, {
            type: "chat-notification",
            chatId: message.chatId,
            sender: message.senderName,
            content: message.content,
            messageId: message.id,
          }),
        ),
        // No socket took the count: no open tab, so they are mailed (throttled); nothing unread
        // (a block between them hides the chat's messages) mails nothing.
        ctx.realtime
          .toUser(userId, { type: "unread", count: Number(unread) })
          .then((reached) =>
            reached === 0 && Number(unread) > 0
              ? mailMissedMessages(ctx, { chatId: input.chatId, userId, news, now: input.now ?? Date.now() })
              : false,
          ),
      ];
    }),
  );
}
