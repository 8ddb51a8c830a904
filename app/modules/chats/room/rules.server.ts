/**
 * A chat room's rules (ADR 040, 152): who may send (the members the room holds, loaded from D1),
 * what a block silences, and how many messages a member may send: the one limit on sending, whichever
 * door a message comes through (socket frame, form post or /api all reach the room).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { chatMembers, users } from "../../../../db/schema";
import { senderColumns, type SenderRow } from "../rows.server";
import type { DomainStatus } from "~/core/errors";
import { CHAT_MESSAGES } from "../schemas";
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
