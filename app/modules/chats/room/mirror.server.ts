/**
 * After a chat room stored a message (ADR 040, 180): the mirror copies it into D1 for everything
 * that reads D1 (the list, unread counts, pages, /api), then each other member's own room hears of
 * it with their unread count, and a member with no open tab is mailed (throttled).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../../db/client";
import { chatMembers, chats, messages, users } from "../../../../db/schema";
import type { Ctx } from "~/core/context.server";
import type { ChatMessage } from "~/modules/realtime/protocol";
import { notify } from "~/modules/notifications/notify.server";
import { unreadCountSql, type MessageRow } from "../rows.server";

type FanOutCtx = Pick<Ctx, "db" | "realtime" | "waitUntil">;

/**
 * Copies messages the room stored into D1, in one batch, idempotently: a message already there
 * (by id) is skipped, so a mirror retried after a failure, or after a success the room did not get
 * to record, changes nothing. Also moves the chat's last_message_at and each sender's read mark
 * forward (`max`, never back). Answers the ids this call inserted (those whose recipients are then
 * told), so a retry never notifies twice.
 *
 * A message whose chat no longer exists is dropped (its insert selects from the chat); one whose
 * sender was deleted meanwhile is kept without a sender, as D1 keeps such messages; one whose
 * clientId the sender already used for a message of another chat is kept without the clientId.
 */
export async function mirrorMessages(db: Db, chatId: string, rows: MessageRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const insert = (row: MessageRow, clientId: string | null) =>
    db
      .insert(messages)
      .select(
        db
          .select({
            id: sql<string>`${row.id}`.as("id"),
            chatId: chats.id,
            senderId: sql<string | null>`(select ${users.id} from ${users} where ${users.id} = ${row.senderId})`.as(
              "sender_id",
            ),
            content: sql<string>`${row.content}`.as("content"),
            isAssistant: sql<number>`0`.as("is_assistant"),
            readAt: sql<null>`null`.as("read_at"),
            clientId: sql<string | null>`${clientId}`.as("client_id"),
            createdAt: sql<number>`${row.createdAt.getTime()}`.as("created_at"),
          })
          .from(chats)
          .where(eq(chats.id, chatId)),
      )
      .onConflictDoNothing()
      .returning({ id: messages.id });
  const newest = Math.max(...rows.map((row) => row.createdAt.getTime()));
  const newestBySender = new Map<string, number>();
  for (const row of rows) {
    if (row.senderId)
      newestBySender.set(row.senderId, Math.max(newestBySender.get(row.senderId) ?? 0, row.createdAt.getTime()));
  }
  const [first, ...rest] = [
    // The second insert runs only when the first found its clientId taken by another message.
    ...rows.flatMap((row) => (row.clientId ? [insert(row, row.clientId), insert(row, null)] : [insert(row, null)])),
    db
      .update(chats)
      .set({
        lastMessageAt: sql`max(coalesce(${chats.lastMessageAt}, 0), ${newest})`,
        updatedAt: sql`max(coalesce(${chats.updatedAt}, 0), ${newest})`,
      })
      .where(eq(chats.id, chatId)),
    // The sender's own messages count as read by them.
    ...[...newestBySender].map(([userId, at]) =>
      db
        .update(chatMembers)
        .set({ lastReadAt: sql`max(coalesce(${chatMembers.lastReadAt}, 0), ${at})` })
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId))),
    ),
  ];
  const results = await db.batch([first, ...rest]);
  const inserted = new Set<string>();
  for (const result of results) {
    if (Array.isArray(result)) for (const row of result as { id?: string }[]) if (row.id) inserted.add(row.id);
  }
  return inserted;
}

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
