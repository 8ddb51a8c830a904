/**
 * Chats: the one domain module behind /chat, /api/chats and the rooms' catch-up. Every write goes
 * to D1 first and is then fanned out to the party rooms through `services.realtime`; the rooms
 * never hold state of their own. Every query is scoped by a membership of the acting user.
 */
import { and, asc, count, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { createId } from "../../../db/id";
import { chatMembers, chats, messages, users } from "../../../db/schema";
import type { ChatMessage } from "../../../party/protocol";
import { visibleNames } from "~/modules/users/privacy";
import type { ChatDetail, ChatSummary } from "./present";
import type { Realtime } from "~/modules/realtime/realtime.server";
import { DomainError } from "~/core/errors";
import type { AppEnv } from "~/utils/env.server";
import { countEventQuery, enforceRateLimit, hitRecorded } from "~/utils/rate-limit.server";
import { CHAT_MESSAGES, type CreateChatInput, type SendMessageInput } from "./schemas";

export interface ChatServices {
  db: Db;
  env: Pick<AppEnv, "RATE_LIMIT_MULTIPLIER">;
  realtime: Realtime;
  /** Keeps work running after the response (the other members' notifications); else it is awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** How many messages a conversation shows at once (older ones page by keyset). */
export const PAGE_SIZE = 50;
/** At most this many chats are listed (newest activity first). */
const LIST_LIMIT = 100;
/** Catch-up after a reconnect sends at most this many missed messages; the rest come from a reload. */
const CATCH_UP_LIMIT = 200;

const senderColumns = {
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderUsername: users.username,
  senderShowFullName: users.showFullName,
};

type SenderRow = {
  senderFirstName: string | null;
  senderLastName: string | null;
  senderUsername: string | null;
  senderShowFullName: boolean | null;
};

/** A person's name as others see it (masked when they hide their full name). */
function nameOf(row: SenderRow, isOwner = false) {
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
const ownMessageColumns = {
  id: messages.id,
  chatId: messages.chatId,
  content: messages.content,
  createdAt: messages.createdAt,
  senderId: messages.senderId,
  isAssistant: messages.isAssistant,
  readAt: messages.readAt,
  clientId: messages.clientId,
};
const messageColumns = { ...ownMessageColumns, ...senderColumns };

type MessageRow = SenderRow & {
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
function messagesWithSender(db: Db) {
  return db.select(messageColumns).from(messages).leftJoin(users, eq(users.id, messages.senderId));
}

/** Keyset: the messages strictly before or after a message in (createdAt, id) order. */
function beyond(cursor: { id: string; createdAt: Date }, direction: "before" | "after") {
  const op = sql.raw(direction === "before" ? "<" : ">");
  return or(
    sql`${messages.createdAt} ${op} ${cursor.createdAt.getTime()}`,
    and(eq(messages.createdAt, cursor.createdAt), sql`${messages.id} ${op} ${cursor.id}`),
  );
}

function toChatMessage(row: MessageRow, viewerId: string): ChatMessage {
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

/** The viewer's visible membership of a chat, or a 404 that says nothing about chats of others. */
async function requireMembership(db: Db, userId: string, chatId: string) {
  const membership = await db
    .select({ chatId: chatMembers.chatId, lastReadAt: chatMembers.lastReadAt })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt)))
    .get();
  if (!membership) throw new DomainError(404, CHAT_MESSAGES.notFound);
  return membership;
}

/** Whether a user is a visible member of a chat (the realtime rooms' admission rule). */
export async function isChatMember(db: Db, userId: string, chatId: string) {
  const row = await db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt)))
    .get();
  return row !== undefined;
}

/** Messages of others that are newer than the member's read mark. */
function unreadCondition(userId: string) {
  return and(
    or(isNull(messages.senderId), ne(messages.senderId, userId)),
    gt(messages.createdAt, sql`coalesce(${chatMembers.lastReadAt}, 0)`),
  );
}

/** The user's chat list (spec section 3, Chat), newest activity first. */
export async function listChats(db: Db, userId: string): Promise<ChatSummary[]> {
  const other = alias(chatMembers, "other");
  const rows = await db
    .select({
      id: chats.id,
      name: chats.name,
      isDirectChat: chats.isDirectChat,
      createdAt: chats.createdAt,
      lastMessageAt: chats.lastMessageAt,
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
    .leftJoin(other, and(eq(other.chatId, chats.id), ne(other.userId, chatMembers.userId)))
    .leftJoin(users, eq(users.id, other.userId))
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
    unreadCount: Number(row.unreadCount),
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
    lastMessage: row.lastMessage,
  }));
}

/**
 * One chat with its newest messages (or those before `before`, a message id, for older pages),
 * oldest first. Members only.
 */
export async function getChat(
  db: Db,
  userId: string,
  chatId: string,
  options: { before?: string } = {},
): Promise<ChatDetail> {
  await requireMembership(db, userId, chatId);
  const summary = (await listChats(db, userId)).find((chat) => chat.id === chatId);
  const cursor = options.before ? await messageCursor(db, chatId, options.before) : null;
  const rows = await messagesWithSender(db)
    .where(and(eq(messages.chatId, chatId), cursor ? beyond(cursor, "before") : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(PAGE_SIZE + 1);
  const hasOlder = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE).reverse();
  const chat = summary ?? (await chatHeader(db, chatId));
  return { ...chat, hasOlder, messages: page.map((row) => toChatMessage(row, userId)) };
}

/** A chat beyond the list's limit (rare): its header without the list's extras. */
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
  } satisfies ChatSummary;
}

async function messageCursor(db: Db, chatId: string, messageId: string) {
  return db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.id, messageId)))
    .get();
}

/**
 * The messages of a chat stored after `afterId` (a reconnecting client's newest), oldest first.
 * An unknown id yields nothing: the client then reloads the conversation.
 */
export async function messagesAfter(db: Db, userId: string, chatId: string, afterId: string) {
  await requireMembership(db, userId, chatId);
  const cursor = await messageCursor(db, chatId, afterId);
  if (!cursor) return [];
  const rows = await messagesWithSender(db)
    .where(and(eq(messages.chatId, chatId), beyond(cursor, "after")))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(CATCH_UP_LIMIT);
  return rows.map((row) => toChatMessage(row, userId));
}

/** The user's unread messages across the chats in their list (the header's badge). */
export async function countUnread(db: Db, userId: string) {
  const row = await db
    .select({ count: count() })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .where(and(isNull(chatMembers.hiddenAt), unreadCondition(userId)))
    .get();
  return row?.count ?? 0;
}

/** The newest unread messages as notifications (the header's fallback poll when the socket is down). */
export async function latestUnread(db: Db, userId: string, limit = 10) {
  const rows = await db
    .select({ ...messageColumns })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(isNull(chatMembers.hiddenAt), unreadCondition(userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map((row) => ({ chatId: row.chatId, sender: nameOf(row), content: row.content, messageId: row.id }));
}

/**
 * Tells each other visible member's own room about a stored message (notification and new unread
 * count): one query for the recipients with their unread counts, then one RPC per frame, all in
 * parallel. Runs after the response when the caller can wait (`services.waitUntil`), so a big
 * group's fan-out never delays the sender or the chat's own room.
 */
async function notifyRecipients(services: ChatServices, chatId: string, message: ChatMessage) {
  // countUnread's rule for every recipient at once (correlated on the outer chat_members row).
  const recipients = await services.db
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
      and(eq(chatMembers.chatId, chatId), ne(chatMembers.userId, message.sender ?? ""), isNull(chatMembers.hiddenAt)),
    );
  await Promise.all(
    recipients.flatMap(({ userId, unread }) => [
      services.realtime.toUser(userId, {
        type: "chat-notification",
        chatId,
        sender: message.senderName,
        content: message.content,
        messageId: message.id,
      }),
      services.realtime.toUser(userId, { type: "unread", count: Number(unread) }),
    ]),
  );
}

/** Runs work after the response when the caller allows it, else before returning. */
async function later(services: ChatServices, work: () => Promise<unknown>) {
  const done = work().catch((error) => console.error("chats: background fan-out failed", error));
  if (services.waitUntil) services.waitUntil(done);
  else await done;
}

/**
 * Sends a message: stored in D1 (once per clientId, so a retried optimistic send is not doubled),
 * then fanned out to the chat's room (before answering) and the other members' notification rooms
 * (after answering). The rate-limit count, the membership check, the insert and the chat's
 * timestamps are one D1 batch: one round trip between the session lookup and the fan-out. Only
 * when nothing was inserted do further queries find out why (404, 429 or a retried clientId).
 */
export async function sendMessage(
  services: ChatServices,
  user: { id: string },
  chatId: string,
  input: SendMessageInput,
): Promise<ChatMessage> {
  const { db } = services;
  const rateLimit = {
    key: `chat-message:${user.id}`,
    limit: 60 * services.env.RATE_LIMIT_MULTIPLIER,
    windowMs: 60_000,
  };
  const id = createId();
  const now = Date.now();
  const clientId = input.clientId ?? null;
  const wasInserted = sql`exists (select 1 from ${messages} where ${messages.id} = ${id})`;
  const hitId = createId();
  const [counted, inserted, , , sender] = await db.batch([
    countEventQuery(db, rateLimit, now, hitId),
    // Written only for a visible member within the limit (the event the statement above recorded).
    db
      .insert(messages)
      .select(
        db
          .select({
            id: sql<string>`${id}`.as("id"),
            chatId: chatMembers.chatId,
            senderId: chatMembers.userId,
            content: sql<string>`${input.content}`.as("content"),
            isAssistant: sql<number>`0`.as("is_assistant"),
            readAt: sql<null>`null`.as("read_at"),
            clientId: sql<string | null>`${clientId}`.as("client_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(chatMembers)
          .where(
            and(
              eq(chatMembers.chatId, chatId),
              eq(chatMembers.userId, user.id),
              isNull(chatMembers.hiddenAt),
              hitRecorded(hitId),
            ),
          ),
      )
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning(ownMessageColumns),
    db
      .update(chats)
      .set({ lastMessageAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(chats.id, chatId), wasInserted)),
    db
      .update(chatMembers)
      .set({ lastReadAt: new Date(now) })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, user.id), wasInserted)),
    db.select(senderColumns).from(users).where(eq(users.id, user.id)),
  ]);
  const row = inserted[0];
  if (!row) return resolveUnsent(services, user, chatId, clientId, counted.length === 0);
  const stored: MessageRow = {
    ...row,
    ...(sender[0] ?? { senderFirstName: null, senderLastName: null, senderUsername: null, senderShowFullName: null }),
  };
  const message = toChatMessage(stored, user.id);
  const live = { ...message, senderName: nameOf(stored) };
  await services.realtime.toChat(chatId, { type: "receive-message", chatId, message: live });
  await later(services, () => notifyRecipients(services, chatId, live));
  return message;
}

/**
 * Why a send stored nothing: not a member (404, whatever the count), over the limit (429), or a
 * retry of a clientId already stored (that message, which was fanned out the first time; clients
 * catch up from D1 anyway).
 */
async function resolveUnsent(
  services: ChatServices,
  user: { id: string },
  chatId: string,
  clientId: string | null,
  limited: boolean,
): Promise<ChatMessage> {
  const { db } = services;
  await requireMembership(db, user.id, chatId);
  if (limited) throw new DomainError(429, CHAT_MESSAGES.tooFast);
  const stored = await messagesWithSender(db)
    .where(and(eq(messages.senderId, user.id), eq(messages.clientId, clientId ?? "")))
    .get();
  if (!stored || stored.chatId !== chatId) throw new DomainError(409, "This message was already sent to another chat.");
  return toChatMessage(stored, user.id);
}

/**
 * Marks a chat read for the user up to `timestamp` (never later than now, never backwards), sets
 * read_at on the others' messages, then tells the room (read marks) and the user (unread count).
 */
export async function markChatRead(services: ChatServices, userId: string, chatId: string, timestamp?: number) {
  const { db } = services;
  await requireMembership(db, userId, chatId);
  const at = new Date(Math.min(timestamp ?? Date.now(), Date.now()));
  await db.batch([
    db
      .update(chatMembers)
      .set({ lastReadAt: sql`max(coalesce(${chatMembers.lastReadAt}, 0), ${at.getTime()})` })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId))),
    db
      .update(messages)
      .set({ readAt: at })
      .where(
        and(
          eq(messages.chatId, chatId),
          or(isNull(messages.senderId), ne(messages.senderId, userId)),
          isNull(messages.readAt),
          lte(messages.createdAt, at),
        ),
      ),
  ]);
  const unread = await countUnread(db, userId);
  await Promise.all([
    services.realtime.toChat(chatId, { type: "message-read", chatId, userId, timestamp: at.getTime() }),
    services.realtime.toUser(userId, { type: "unread", count: unread }),
  ]);
  return { timestamp: at.getTime(), unread };
}

/** The active user an id names, or a 404. */
async function requireActiveUser(db: Db, userId: string) {
  const target = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .get();
  if (!target) throw new DomainError(404, CHAT_MESSAGES.userNotFound);
  return target;
}

type ChatStartServices = Pick<ChatServices, "db" | "env">;

/** At most 30 chats started per hour and user: a direct chat lands in the other person's list. */
function limitChatStarts({ db, env }: ChatStartServices, userId: string) {
  return enforceRateLimit(db, {
    key: `chat-start:${userId}`,
    limit: 30 * env.RATE_LIMIT_MULTIPLIER,
    windowMs: 60 * 60 * 1000,
  });
}

/**
 * Opens the direct chat between the user and another person: the existing one when the pair
 * already has one (rejoining it if the user had left), else a new one. Race-safe through the
 * unique direct key.
 */
export async function startDirectChat(
  services: ChatStartServices,
  user: { id: string },
  targetUserId: string,
  name?: string,
) {
  const { db } = services;
  if (targetUserId === user.id) throw new DomainError(400, CHAT_MESSAGES.self, { targetUserId: CHAT_MESSAGES.self });
  await requireActiveUser(db, targetUserId);
  await limitChatStarts(services, user.id);
  const directKey = [user.id, targetUserId].sort().join(":");
  const now = new Date();
  await db
    .insert(chats)
    .values({
      id: createId(),
      name: name || "Direct chat",
      isDirectChat: true,
      directKey,
      createdById: user.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: chats.directKey });
  const chat = await db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey)).get();
  if (!chat) throw new DomainError(409, "The chat could not be created. Please try again.");
  await db.batch([
    db
      .insert(chatMembers)
      .values({ chatId: chat.id, userId: user.id, lastReadAt: now, createdAt: now })
      .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.userId], set: { hiddenAt: null } }),
    db.insert(chatMembers).values({ chatId: chat.id, userId: targetUserId, createdAt: now }).onConflictDoNothing(),
  ]);
  return { id: chat.id };
}

/**
 * POST /api/chats: a direct chat with `targetUserId` when given, else a chat of the user's own
 * named `name` (the /chat page's 'New Chat {n}').
 */
export async function createChat(services: ChatStartServices, user: { id: string }, input: CreateChatInput) {
  if (input.targetUserId) return startDirectChat(services, user, input.targetUserId, input.name);
  const { db } = services;
  await limitChatStarts(services, user.id);
  const chatCount = await db
    .select({ count: count() })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, user.id), isNull(chatMembers.hiddenAt)))
    .get();
  const now = new Date();
  const chat = {
    id: createId(),
    name: input.name || `New Chat ${(chatCount?.count ?? 0) + 1}`,
    isDirectChat: false,
    createdById: user.id,
    createdAt: now,
    updatedAt: now,
  };
  await db.batch([
    db.insert(chats).values(chat),
    db.insert(chatMembers).values({ chatId: chat.id, userId: user.id, lastReadAt: now, createdAt: now }),
  ]);
  return { id: chat.id };
}

/**
 * Leaves a chat: it leaves the user's list (the other side keeps the history), their unread count
 * drops and their sockets in that room close. Starting a direct chat with the same person again
 * rejoins it.
 */
export async function leaveChat(services: ChatServices, userId: string, chatId: string) {
  const { db } = services;
  const left = await db
    .update(chatMembers)
    .set({ hiddenAt: new Date() })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt)))
    .returning({ chatId: chatMembers.chatId });
  if (left.length === 0) throw new DomainError(404, CHAT_MESSAGES.notFound);
  await Promise.all([
    services.realtime.toUser(userId, { type: "unread", count: await countUnread(db, userId) }),
    services.realtime.closeUser(userId, { chatIds: [chatId], notifications: false }),
  ]);
}

/**
 * Closes every realtime connection of a user: their notification room and every chat room they
 * belong to. Called wherever sessions end: sign-out, an admin's deactivation, a password reset or
 * change, a Google sign-in taking over an unverified account. Sockets of a session that still
 * exists reconnect by themselves; the others are refused, because their session no longer
 * authenticates.
 */
export async function closeUserConnections(services: Pick<ChatServices, "db" | "realtime">, userId: string) {
  const memberships = await services.db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  await services.realtime.closeUser(userId, {
    chatIds: memberships.map((row) => row.chatId),
    notifications: true,
  });
}
