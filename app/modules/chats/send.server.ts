/**
 * Sending a message: the chat's hot path (ADR 040). One D1 batch stores it, then the fan-out
 * announces it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { createId } from "../../../db/id";
import { chatMembers, chats, messages, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import type { ChatMessage } from "~/modules/realtime/protocol";
import { countEventQuery, hitRecorded } from "~/utils/rate-limit.server";
import { announceMessage } from "./fan-out.server";
import {
  hasOtherMember,
  messagesWithSender,
  nameOf,
  NO_SENDER,
  ownMessageColumns,
  requireMembership,
  senderColumns,
  toChatMessage,
  type MessageRow,
} from "./rows.server";
import { CHAT_MESSAGES, type SendMessageInput } from "./schemas";

/** At most 60 messages a minute per member (docs/product.md#rate-limits). */
const SEND_LIMIT = { perMinute: 60, windowMs: 60_000 };

/**
 * Sends a message: stored in D1 (once per clientId, so a retried optimistic send is not doubled),
 * then fanned out to the chat's room (before answering) and the other members' notification rooms
 * (after answering). The rate-limit count, the membership check, the insert and the chat's
 * timestamps are one D1 batch: one round trip between the session lookup and the fan-out. Only
 * when nothing was inserted do further queries find out why (404, 429 or a retried clientId).
 */
export async function sendMessage(ctx: Ctx, input: SendMessageInput & { chatId: string }): Promise<ChatMessage> {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const { chatId } = input;
  const rateLimit = {
    key: `chat-message:${actor.id}`,
    limit: SEND_LIMIT.perMinute * ctx.env.RATE_LIMIT_MULTIPLIER,
    windowMs: SEND_LIMIT.windowMs,
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
              eq(chatMembers.userId, actor.id),
              isNull(chatMembers.hiddenAt),
              hasOtherMember(chatId, actor.id),
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
    // The sender's own messages count as read by them.
    db
      .update(chatMembers)
      .set({ lastReadAt: new Date(now) })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id), wasInserted)),
    db.select(senderColumns).from(users).where(eq(users.id, actor.id)),
  ]);
  const row = inserted[0];
  if (!row) return resolveUnsent(ctx, { chatId, clientId, limited: counted.length === 0 });
  const stored: MessageRow = { ...row, ...(sender[0] ?? NO_SENDER) };
  // The sender sees their own name; everyone else the name their privacy settings show.
  await announceMessage(ctx, { ...toChatMessage(stored, actor.id), senderName: nameOf(stored) });
  return toChatMessage(stored, actor.id);
}

/**
 * Why a send stored nothing: not a member (404, whatever the count), a chat with nobody else in
 * it (409: such chats came from the old 'Start New Chat'), over the limit (429), or a
 * retry of a clientId already stored (that message, which was fanned out the first time; clients
 * catch up from D1 anyway).
 */
async function resolveUnsent(
  ctx: Pick<Ctx, "db" | "actor">,
  input: { chatId: string; clientId: string | null; limited: boolean },
): Promise<ChatMessage> {
  const actor = requireActor(ctx);
  await requireMembership(ctx.db, actor.id, input.chatId);
  const other = await ctx.db
    .select({ one: sql`1` })
    .from(chatMembers)
    .where(hasOtherMember(input.chatId, actor.id))
    .get();
  if (!other) throw new DomainError(409, CHAT_MESSAGES.nobodyHere);
  if (input.limited) throw new DomainError(429, CHAT_MESSAGES.tooFast);
  const stored = await messagesWithSender(ctx.db)
    .where(and(eq(messages.senderId, actor.id), eq(messages.clientId, input.clientId ?? "")))
    .get();
  if (!stored || stored.chatId !== input.chatId) {
    throw new DomainError(409, "This message was already sent to another chat.");
  }
  return toChatMessage(stored, actor.id);
}
