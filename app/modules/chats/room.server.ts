/**
 * What a chat's room needs from the chats domain to take messages itself (ADR 040): the members it
 * checks a send against (loaded from D1, cached in the room), the send's rules, and the mirror that
 * copies the room's messages into D1 for everything that reads D1 (the list, unread counts, pages,
 * /api). Called by party/chat-room.ts; the D1 statements live here, beside the other chats queries.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, chats, messages, users } from "../../../db/schema";
import { senderColumns, type MessageRow, type SenderRow } from "./rows.server";
import type { DomainStatus } from "~/core/errors";
import { CHAT_MESSAGES } from "./schemas";
import { BLOCK_MESSAGES } from "~/modules/blocks/schemas";
import { blocksSomeoneIn } from "~/modules/blocks/rules.server";

/** At most 60 messages a minute per member in a chat (docs/product.md#rate-limits). */
export const SEND_LIMIT = { perMinute: 60, windowMs: 60_000 };

/**
 * A member of the chat as the room knows them: visible (not left) or not, their name, and whether
 * they block another member of the chat (docs/product.md#blocking).
 */
export type RoomMember = SenderRow & { userId: string; visible: boolean; blocksOther: boolean };

/** Every membership of a chat (left ones too: a chat with somebody who left still takes messages). */
export async function loadRoomMembers(db: Db, chatId: string): Promise<RoomMember[]> {
  const rows = await db
    .select({
      userId: chatMembers.userId,
      hiddenAt: chatMembers.hiddenAt,
      ...senderColumns,
      blocksOther: blocksSomeoneIn(chatMembers.chatId, chatMembers.userId).mapWith(Boolean),
    })
    .from(chatMembers)
    .leftJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.chatId, chatId));
  return rows.map(({ hiddenAt, ...row }) => ({ ...row, visible: hiddenAt === null }));
}

/** A block stands in the chat: nobody sends, and typing is not relayed (ADR 152). */
export const blockStands = (members: RoomMember[]) => members.some((member) => member.blocksOther);

/**
 * Whether `userId` may send to the chat, in the order the send answered before the room took it:
 * not a visible member (404, saying nothing about chats of others), nobody else in the chat (409:
 * such chats came from the old 'Start New Chat'), a block either way (403, in the sender's words:
 * the blocker is told they can unblock). Returns the sender, or the refusal.
 */
export function checkSender(
  members: RoomMember[],
  userId: string,
): { ok: true; sender: RoomMember } | { ok: false; status: DomainStatus; message: string } {
  const sender = members.find((member) => member.userId === userId && member.visible);
  if (!sender) return { ok: false, status: 404, message: CHAT_MESSAGES.notFound };
  if (!members.some((member) => member.userId !== userId)) {
    return { ok: false, status: 409, message: CHAT_MESSAGES.nobodyHere };
  }
  if (sender.blocksOther) return { ok: false, status: 403, message: BLOCK_MESSAGES.youBlocked };
  if (members.some((member) => member.userId !== userId && member.blocksOther)) {
    return { ok: false, status: 403, message: BLOCK_MESSAGES.blockedYou };
  }
  return { ok: true, sender };
}

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
