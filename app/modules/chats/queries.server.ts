/**
 * Chats: what the acting member reads. The chat list, one conversation, the catch-up after a
 * reconnect and the unread figures, each scoped by the member's visible memberships.
 */
import { and, asc, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { chatMembers, chats, creditCards, messages, referrals, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import type { ChatNotification } from "~/modules/realtime/protocol";
import type { ChatDetail, ChatSummary } from "./present";
import {
  beyond,
  messageColumns,
  messageCursor,
  messagesWithSender,
  nameOf,
  PAGE_SIZE,
  requireMembership,
  senderColumns,
  toChatMessage,
  unreadCondition,
  visibleMembership,
} from "./rows.server";
import { CHAT_MESSAGES } from "./schemas";

type ReadCtx = Pick<Ctx, "db" | "actor">;

/** At most this many chats are listed (newest activity first). */
const LIST_LIMIT = 100;
/** Catch-up after a reconnect sends at most this many missed messages; the rest come from a reload. */
const CATCH_UP_LIMIT = 200;

/** Whether the acting member is a visible member of a chat (who may enter its room). */
export async function isChatMember(ctx: ReadCtx, input: { chatId: string }) {
  return (await visibleMembership(ctx.db, requireActor(ctx).id, input.chatId)) !== undefined;
}

/** The member's chat list (docs/product.md#chat), newest activity first. */
export async function listChats(ctx: ReadCtx): Promise<ChatSummary[]> {
  const userId = requireActor(ctx).id;
  const other = alias(chatMembers, "other");
  const rows = await ctx.db
    .select({
      id: chats.id,
      name: chats.name,
      isDirectChat: chats.isDirectChat,
      createdAt: chats.createdAt,
      lastMessageAt: chats.lastMessageAt,
      referralId: referrals.id,
      referralCard: creditCards.name,
      otherId: users.id,
      otherProfileImage: users.profileImage,
      ...senderColumns,
      lastMessage: sql<string | null>`(select ${messages.content} from ${messages}
        where ${messages.chatId} = ${chats.id} order by ${messages.createdAt} desc, ${messages.id} desc limit 1)`,
      unreadCount: sql<number>`(select count(*) from ${messages}
        where ${messages.chatId} = ${chats.id} and ${unreadCondition(userId)})`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    // Inner join: a chat with nobody else in it is not listed (docs/product.md#chat).
    .innerJoin(other, and(eq(other.chatId, chats.id), ne(other.userId, chatMembers.userId)))
    .leftJoin(users, eq(users.id, other.userId))
    .leftJoin(referrals, eq(referrals.id, chats.referralId))
    .leftJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(and(eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt)))
    .groupBy(chats.id)
    .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDirectChat: row.isDirectChat,
    otherParticipant: row.otherId
      ? { id: row.otherId, username: nameOf(row), profileImage: row.otherProfileImage }
      : null,
    referral: row.referralId ? { id: row.referralId, cardName: row.referralCard ?? "" } : null,
    unreadCount: Number(row.unreadCount),
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
    lastMessage: row.lastMessage,
  }));
}

/**
 * One chat with its newest messages (or those before `before`, a message id, for older pages),
 * oldest first. Members only.
 */
export async function getChat(ctx: ReadCtx, input: { chatId: string; before?: string }): Promise<ChatDetail> {
  const userId = requireActor(ctx).id;
  const { db } = ctx;
  const { chatId } = input;
  // One round trip instead of three (issue 20, few trips): the messages are read beside the
  // membership check, and nothing read is returned unless the check passes.
  const [, summaries, rows] = await Promise.all([
    requireMembership(db, userId, chatId),
    listChats(ctx),
    (async () => {
      const cursor = input.before ? await messageCursor(db, chatId, input.before) : null;
      return messagesWithSender(db)
        .where(and(eq(messages.chatId, chatId), cursor ? beyond(cursor, "before") : undefined))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(PAGE_SIZE + 1);
    })(),
  ]);
  const summary = summaries.find((chat) => chat.id === chatId);
  const hasOlder = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE).reverse();
  const chat = summary ?? (await chatHeader(db, chatId));
  return { ...chat, hasOlder, messages: page.map((row) => toChatMessage(row, userId)) };
}

/**
 * A chat the list does not show: beyond its limit (rare), or with nobody else in it (which then
 * shows without a composer). Its header without the list's extras.
 */
async function chatHeader(db: Db, chatId: string) {
  const chat = await db
    .select({ id: chats.id, name: chats.name, isDirectChat: chats.isDirectChat, createdAt: chats.createdAt })
    .from(chats)
    .where(eq(chats.id, chatId))
    .get();
  if (!chat) throw new DomainError(404, CHAT_MESSAGES.notFound);
  return {
    id: chat.id,
    name: chat.name,
    isDirectChat: chat.isDirectChat,
    otherParticipant: null,
    unreadCount: 0,
    updatedAt: chat.createdAt.toISOString(),
    lastMessage: null,
    referral: null,
  } satisfies ChatSummary;
}

/**
 * The messages of a chat stored after `after` (a reconnecting client's newest id), oldest first.
 * An unknown id yields nothing: the client then reloads the conversation.
 */
export async function messagesAfter(ctx: ReadCtx, input: { chatId: string; after: string }) {
  const userId = requireActor(ctx).id;
  const { db } = ctx;
  await requireMembership(db, userId, input.chatId);
  const cursor = await messageCursor(db, input.chatId, input.after);
  if (!cursor) return [];
  const rows = await messagesWithSender(db)
    .where(and(eq(messages.chatId, input.chatId), beyond(cursor, "after")))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(CATCH_UP_LIMIT);
  return rows.map((row) => toChatMessage(row, userId));
}

/** The member's unread messages across the chats in their list (the header's badge). */
export async function countUnread(ctx: ReadCtx) {
  const userId = requireActor(ctx).id;
  const row = await ctx.db
    .select({ count: count() })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .where(and(isNull(chatMembers.hiddenAt), unreadCondition(userId)))
    .get();
  return row?.count ?? 0;
}

/** The newest unread messages as notifications (the header's fallback poll when the socket is down). */
export async function latestUnread(ctx: ReadCtx, input: { limit?: number } = {}): Promise<ChatNotification[]> {
  const userId = requireActor(ctx).id;
  const rows = await ctx.db
    .select({ ...messageColumns })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(isNull(chatMembers.hiddenAt), unreadCondition(userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit ?? 10);
  return rows.map((row) => ({ chatId: row.chatId, sender: nameOf(row), content: row.content, messageId: row.id }));
}
