/**
 * What the chats module's queries and commands share: the columns a message is read with, the
 * name its sender shows, the keyset over (created_at, id), and the membership every chat rule
 * starts from. Every read is scoped by a visible membership of the acting member.
 */
import { and, eq, gt, isNull, ne, or, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, messages, users } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { blocksSomeoneIn } from "~/modules/blocks/rules.server";
import type { ChatMessage } from "~/modules/realtime/protocol";
import { visibleNames } from "~/modules/users/privacy";
import { CHAT_MESSAGES } from "./schemas";

/** How many messages a conversation shows at once (older ones page by keyset). */
export const PAGE_SIZE = 50;

export const senderColumns = {
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderUsername: users.username,
  senderShowFullName: users.showFullName,
};

export type SenderRow = {
  senderFirstName: string | null;
  senderLastName: string | null;
  senderUsername: string | null;
  senderShowFullName: boolean | null;
};

/** A sender that no longer exists (the row a left join finds for a deleted account). */
export const NO_SENDER: SenderRow = {
  senderFirstName: null,
  senderLastName: null,
  senderUsername: null,
  senderShowFullName: null,
};

/**
 * The chat has a member besides `userId` (left or not): a chat with nobody else in it (made by
 * the old 'Start New Chat') takes no messages and is not listed (docs/product.md#chat).
 */
export const hasOtherMember = (chatId: string | AnyColumn, userId: string) =>
  sql`exists (select 1 from ${chatMembers} where ${chatMembers.chatId} = ${chatId} and ${chatMembers.userId} <> ${userId})`;

/** A person's name as others see it (masked when they hide their full name), or as they see it. */
export function nameOf(row: SenderRow, isOwner = false) {
  if (row.senderUsername === null) return "Deleted user";
  return visibleNames(
    {
      firstName: row.senderFirstName ?? "",
      lastName: row.senderLastName ?? "",
      username: row.senderUsername,
      showFullName: row.senderShowFullName ?? true,
    },
    isOwner,
  ).name;
}

/** A message's own columns (what an insert returns); with its sender's, what a read selects. */
export const ownMessageColumns = {
  id: messages.id,
  chatId: messages.chatId,
  content: messages.content,
  createdAt: messages.createdAt,
  senderId: messages.senderId,
  isAssistant: messages.isAssistant,
  readAt: messages.readAt,
  clientId: messages.clientId,
};
export const messageColumns = { ...ownMessageColumns, ...senderColumns };

export type MessageRow = SenderRow & {
  id: string;
  chatId: string;
  content: string;
  createdAt: Date;
  senderId: string | null;
  isAssistant: boolean;
  readAt: Date | null;
  clientId: string | null;
};

/** Messages joined to their senders (for the name others see). */
export function messagesWithSender(db: Db) {
  return db.select(messageColumns).from(messages).leftJoin(users, eq(users.id, messages.senderId));
}

/** Keyset: the messages strictly before or after a message in (createdAt, id) order. */
export function beyond(cursor: { id: string; createdAt: Date }, direction: "before" | "after") {
  const op = sql.raw(direction === "before" ? "<" : ">");
  return or(
    sql`${messages.createdAt} ${op} ${cursor.createdAt.getTime()}`,
    and(eq(messages.createdAt, cursor.createdAt), sql`${messages.id} ${op} ${cursor.id}`),
  );
}

/** Where a message sits in its chat's (createdAt, id) order, or undefined for an unknown id. */
export function messageCursor(db: Db, chatId: string, messageId: string) {
  return db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.id, messageId)))
    .get();
}

/** A stored message as `viewerId` sees it (their own name unmasked). */
export function toChatMessage(row: MessageRow, viewerId: string): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    sender: row.senderId,
    senderName: nameOf(row, row.senderId === viewerId),
    isAssistant: row.isAssistant,
    read: row.readAt !== null,
    clientId: row.clientId,
  };
}

/** A user's visible membership of a chat, if any. */
export function visibleMembership(db: Db, userId: string, chatId: string) {
  return db
    .select({ chatId: chatMembers.chatId, lastReadAt: chatMembers.lastReadAt })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt)))
    .get();
}

/** The viewer's visible membership of a chat, or a 404 that says nothing about chats of others. */
export async function requireMembership(db: Db, userId: string, chatId: string) {
  const membership = await visibleMembership(db, userId, chatId);
  if (!membership) throw new DomainError(404, CHAT_MESSAGES.notFound);
  return membership;
}

/** Messages of others that are newer than the member's read mark (the member: an id or a column). */
export function unreadCondition(userId: string | AnyColumn) {
  return and(
    or(isNull(messages.senderId), ne(messages.senderId, userId)),
    gt(messages.createdAt, sql`coalesce(${chatMembers.lastReadAt}, 0)`),
  );
}

/**
 * The member's unread messages across the chats in their list (the header's badge), as a scalar
 * subquery: the member is an id, or a column of the outer query (the session lookup reads it in
 * its own statement, app/http/auth.server.ts; the room's mirror for each member, room/mirror.server.ts).
 */
export function unreadCountSql(userId: string | AnyColumn) {
  const count = sql`(SELECT count(*) FROM ${messages}
    INNER JOIN ${chatMembers} ON ${chatMembers.chatId} = ${messages.chatId} AND ${chatMembers.userId} = ${userId}
    WHERE ${countedFor(userId)} AND ${unreadCondition(userId)})`;
  // Nested once: a single-table select (the fan-out's, over an alias of chat_members) names the
  // columns of its own fields without their table, and would lose which chat_members each one is.
  return sql<number>`${count}`;
}

/** The chats whose messages count as unread for the member: visible, and nobody there blocked by them. */
export const countedFor = (userId: string | AnyColumn) =>
  and(isNull(chatMembers.hiddenAt), sql`not ${blocksSomeoneIn(chatMembers.chatId, userId)}`);
