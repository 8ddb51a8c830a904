/**
 * The rules other modules ask about blocks (docs/decisions/152-blocking.md): whether a chat leaves a
 * member's list, which way a block stands between two members, and the refusal a send across it
 * gets. Only the schema is imported here, so the chats module can use it without a cycle.
 */
import { and, eq, or, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { blocks, chatMembers } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { BLOCK_MESSAGES } from "./schemas";

/**
 * The chat has another member whom `userId` blocks: the rule that takes a chat out of the
 * blocker's list and unread count. Correlated on a chat id column (or value) and a user id column
 * (or value); one primary-key probe per block of the member.
 */
export const blocksSomeoneIn = (chatId: SQLWrapper | string, userId: SQLWrapper | string) =>
  sql`exists (select 1 from ${blocks} inner join ${chatMembers} blocked_member
    on blocked_member.chat_id = ${chatId} and blocked_member.user_id = ${blocks.blockedId}
    where ${blocks.blockerId} = ${userId})`;

/**
 * A block stands between the member and the user in `otherId` (a column or value), either way:
 * the new-chat picker leaves such people out, as starting a chat with them is refused.
 */
export const blockedEitherWay = (userId: string, otherId: SQLWrapper | string) =>
  sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${otherId})
    or (${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${userId}))`;

/** Which way a block stands between the acting member and another: by them, of them, or none. */
export type BlockState = "by-you" | "by-them" | null;

/** The block between two members, either way ("by-you" wins when both blocked each other). */
export async function blockStateBetween(db: Db, viewerId: string, otherId: string): Promise<BlockState> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)),
        and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId)),
      ),
    );
  if (rows.some((row) => row.blockerId === viewerId)) return "by-you";
  return rows.length > 0 ? "by-them" : null;
}

/** The refusal for a message or a new chat across a block, in the words of the side that sends. */
export function blockRefusal(state: Exclude<BlockState, null>) {
  return new DomainError(403, state === "by-you" ? BLOCK_MESSAGES.youBlocked : BLOCK_MESSAGES.blockedYou);
}
