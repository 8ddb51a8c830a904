/**
 * Chats: what the acting member reads. The chat list, one conversation, the catch-up after a
 * reconnect and the unread figures, each scoped by the member's visible memberships.
 */
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { blocks, chatMembers, chats, creditCards, messages, referrals, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import type { ChatNotification } from "~/modules/realtime/protocol";
import type { ChatDetail, ChatSummary } from "./present";
import {
  beyond,
  hasOtherMember,
  messageColumns,
  messageCursor,
  messagesWithSender,
  nameOf,
  PAGE_SIZE,
  requireMembership,
  senderColumns,
  toChatMessage,
  countedFor,
  unreadCondition,
  unreadCountSql,
  visibleMembership,
  type MessageRow,
} from "./rows.server";
import { CHAT_MESSAGES } from "./schemas";
import { blocksSomeoneIn } from "~/modules/blocks/rules.server";
import { openDealingsSql } from "~/modules/applications/dealings.server";

type ReadCtx = Pick<Ctx, "db" | "actor">;

/** At most this many chats are listed (newest activity first). */
const LIST_LIMIT = 100;
/** Catch-up after a reconnect sends at most this many missed messages; the rest come from a reload. */
export const CATCH_UP_LIMIT = 200;

/** Whether the acting member is a visible member of a chat (who may enter its room). */
export async function isChatMember(ctx: ReadCtx, input: { chatId: string }) {
  return (await visibleMembership(ctx.db, requireActor(ctx).id, input.chatId)) !== undefined;
}

/** The chat list's order: newest activity first (the chat's creation until its first message). */
const listOrder = [desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id)] as const;

/** The member's visible memberships (joined to chats as the list is). */
const visibleFor = (userId: string) => and(eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt));

/**
 * The listed chats' rule: the member's visible memberships, except a chat with someone they block
 * (it comes back when they unblock, docs/product.md#blocking).
 */
const listedFor = (userId: string) => and(visibleFor(userId), sql`not ${blocksSomeoneIn(chats.id, userId)}`);

/**
 * The list's statement. Columns that share a name with another selected column (the ids, the
 * names) are aliased: inside `db.batch` drizzle maps D1's rows by column name, and a repeated name
 * would shift every later value.
 */
function listQuery(db: Db, userId: string, only?: { chatId: string }) {
  const other = alias(chatMembers, "other");
  return (
    db
      .select({
        id: chats.id,
        name: chats.name,
        isDirectChat: chats.isDirectChat,
        createdAt: chats.createdAt,
        lastMessageAt: chats.lastMessageAt,
        referralId: sql<string | null>`${referrals.id}`.as("referral_id"),
        referralCard: sql<string | null>`${creditCards.name}`.as("referral_card"),
        otherId: sql<string | null>`${users.id}`.as("other_id"),
        otherProfileImage: users.profileImage,
        ...senderColumns,
        lastMessage: sql<string | null>`(select ${messages.content} from ${messages}
          where ${messages.chatId} = ${chats.id} order by ${messages.createdAt} desc, ${messages.id} desc limit 1)`,
        unreadCount: sql<number>`(select count(*) from ${messages}
          where ${messages.chatId} = ${chats.id} and ${unreadCondition(userId)})`,
        blockedByYou: sql<number>`exists (select 1 from ${blocks}
          where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${other.userId})`.as("blocked_by_you"),
        blocksYou: sql<number>`exists (select 1 from ${blocks}
          where ${blocks.blockerId} = ${other.userId} and ${blocks.blockedId} = ${userId})`.as("blocks_you"),
        openDealings: sql<number>`${openDealingsSql(userId, other.userId)}`.as("open_dealings"),
      })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      // Inner join: a chat with nobody else in it is not listed (docs/product.md#chat).
      .innerJoin(other, and(eq(other.chatId, chats.id), ne(other.userId, chatMembers.userId)))
      .leftJoin(users, eq(users.id, other.userId))
      .leftJoin(referrals, eq(referrals.id, chats.referralId))
      .leftJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
      // One chat (its conversation's header) is shown even when the list leaves it out for a block.
      .where(only ? and(visibleFor(userId), eq(chats.id, only.chatId)) : listedFor(userId))
      .groupBy(chats.id)
      .orderBy(...listOrder)
      .limit(LIST_LIMIT)
  );
}

/** The first chat of listQuery's answer: the same rule and order, without what the list shows. */
function firstListedChatId(db: Db, userId: string) {
  return db
    .select({ id: chats.id })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(listedFor(userId), hasOtherMember(chats.id, userId)))
    .orderBy(...listOrder)
    .limit(1);
}

type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

function toSummary(row: ListRow): ChatSummary {
  return {
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
    blocked: row.blockedByYou ? "by-you" : row.blocksYou ? "by-them" : null,
    openDealings: Number(row.openDealings),
  };
}

/** The member's chat list (docs/product.md#chat), newest activity first. */
export async function listChats(ctx: ReadCtx): Promise<ChatSummary[]> {
  const rows = await listQuery(ctx.db, requireActor(ctx).id);
  return rows.map(toSummary);
}

/** A conversation's newest page: its list entry, the page oldest first, whether older exist. */
function toDetail(summary: ChatSummary, rows: MessageRow[], viewerId: string): ChatDetail {
  const page = rows.slice(0, PAGE_SIZE).reverse();
  return { ...summary, hasOlder: rows.length > PAGE_SIZE, messages: page.map((row) => toChatMessage(row, viewerId)) };
}

/**
 * The list and its first chat's newest messages in one round trip (issue 20, few trips: /chat
 * without ?chatId= opens the first chat). The messages are those of the first listed chat, found
 * by the list's own rule and order inside the statement, so no membership check is needed beyond
 * the list's; both statements run in one batch and so see the same data.
 */
export async function listWithFirstChat(ctx: ReadCtx): Promise<{ chats: ChatSummary[]; chat: ChatDetail | null }> {
  const userId = requireActor(ctx).id;
  const { db } = ctx;
  const first = firstListedChatId(db, userId);
  const [rows, firstMessages] = await db.batch([
    listQuery(db, userId),
    messagesWithSender(db)
      .where(eq(messages.chatId, sql`(${first})`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(PAGE_SIZE + 1),
  ]);
  const summaries = rows.map(toSummary);
  const head = summaries[0];
  if (!head) return { chats: summaries, chat: null };
  return { chats: summaries, chat: toDetail(head, firstMessages, userId) };
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
  const [, [summaryRow], rows] = await Promise.all([
    requireMembership(db, userId, chatId),
    listQuery(db, userId, { chatId }),
    (async () => {
      const cursor = input.before ? await messageCursor(db, chatId, input.before) : null;
      return messagesWithSender(db)
        .where(and(eq(messages.chatId, chatId), cursor ? beyond(cursor, "before") : undefined))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(PAGE_SIZE + 1);
    })(),
  ]);
  const summary = summaryRow ? toSummary(summaryRow) : await chatHeader(db, chatId);
  return toDetail(summary, rows, userId);
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
    blocked: null,
    openDealings: 0,
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
  const row = await ctx.db.get<{ count: number }>(sql`SELECT ${unreadCountSql(userId)} AS count`);
  return Number(row?.count ?? 0);
}

/** The newest unread messages as notifications (the header's fallback poll when the socket is down). */
export async function latestUnread(ctx: ReadCtx, input: { limit?: number } = {}): Promise<ChatNotification[]> {
  const userId = requireActor(ctx).id;
  const rows = await ctx.db
    .select({ ...messageColumns })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(countedFor(userId), unreadCondition(userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit ?? 10);
  return rows.map((row) => ({ chatId: row.chatId, sender: nameOf(row), content: row.content, messageId: row.id }));
}
