/**
 * Chats: what the acting member changes besides sending. Opening a direct chat with a person,
 * reading and leaving. Each write lands in D1 first; the fan-out then tells the rooms (membership
 * changes included: a chat's room holds its members to check sends against, ADR 040).
 */
import { and, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { createId } from "../../../db/id";
import { chatMembers, chats, messages, referrals, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { blockRefusal, blockStateBetween } from "~/modules/blocks/rules.server";
import { limitChatStarts } from "./start-limits.server";
import { announceJoined, announceLeft, announceRead } from "./fan-out.server";
import { countUnread } from "./queries.server";
import { requireMembership } from "./rows.server";
import { CHAT_MESSAGES, type CreateChatInput } from "./schemas";

type WriteCtx = Pick<Ctx, "db" | "realtime" | "waitUntil" | "actor">;
type StartCtx = Pick<Ctx, "db" | "env" | "realtime" | "actor">;

/**
 * Marks a chat read for the member up to `timestamp` (never later than now, never backwards), sets
 * read_at on the others' messages, then tells the room (read marks) and the member (unread count).
 */
export async function markChatRead(ctx: WriteCtx, input: { chatId: string; timestamp?: number }) {
  const userId = requireActor(ctx).id;
  const { db } = ctx;
  const { chatId } = input;
  await requireMembership(db, userId, chatId);
  const at = new Date(Math.min(input.timestamp ?? Date.now(), Date.now()));
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
  const unread = await countUnread(ctx);
  await announceRead(ctx, { chatId, userId, timestamp: at.getTime(), unread });
  return { timestamp: at.getTime(), unread };
}

/**
 * Opens the direct chat between the member and another person: the existing one when the pair
 * already has one (rejoining it if the member had left), else a new one. Race-safe through the
 * unique direct key. Opened from a referral (its Chat button), the chat remembers that referral,
 * which must belong to one of the two.
 */
export async function startDirectChat(ctx: StartCtx, input: CreateChatInput) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const { targetUserId } = input;
  if (targetUserId === actor.id) throw new DomainError(400, CHAT_MESSAGES.self, { targetUserId: CHAT_MESSAGES.self });
  const [target, referral] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, targetUserId), isNull(users.deactivatedAt)))
      .get(),
    input.referralId
      ? db
          .select({ id: referrals.id })
          .from(referrals)
          .where(and(eq(referrals.id, input.referralId), inArray(referrals.referrerId, [actor.id, targetUserId])))
          .get()
      : undefined,
  ]);
  if (!target) throw new DomainError(404, CHAT_MESSAGES.userNotFound, { targetUserId: CHAT_MESSAGES.userNotFound });
  if (input.referralId && !referral) {
    throw new DomainError(404, CHAT_MESSAGES.referralNotFound, { referralId: CHAT_MESSAGES.referralNotFound });
  }
  const directKey = [actor.id, targetUserId].sort().join(":");
  const [block, existing] = await Promise.all([
    blockStateBetween(db, actor.id, targetUserId),
    db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey)).get(),
  ]);
  if (block) throw blockRefusal(block);
  await limitChatStarts(ctx, actor.id, { isNew: !existing });
  const now = new Date();
  const referralId = referral?.id ?? null;
  const upsert = db.insert(chats).values({
    id: createId(),
    name: input.name || "Direct chat",
    isDirectChat: true,
    directKey,
    referralId,
    createdById: actor.id,
    createdAt: now,
    updatedAt: now,
  });
  await (referralId
    ? upsert.onConflictDoUpdate({ target: chats.directKey, set: { referralId } })
    : upsert.onConflictDoNothing({ target: chats.directKey }));
  const chat = await db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey)).get();
  if (!chat) throw new DomainError(409, "The chat could not be created. Please try again.");
  await db.batch([
    db
      .insert(chatMembers)
      .values({ chatId: chat.id, userId: actor.id, lastReadAt: now, createdAt: now })
      .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.userId], set: { hiddenAt: null } }),
    db.insert(chatMembers).values({ chatId: chat.id, userId: targetUserId, createdAt: now }).onConflictDoNothing(),
  ]);
  // The room checks sends against the members it holds: a rejoin must reach it before a send.
  await announceJoined(ctx, { chatId: chat.id });
  return { id: chat.id };
}

/**
 * Leaves a chat: it leaves the member's list (the other side keeps the history), their unread
 * count drops and their sockets in that room close. Starting a direct chat with the same person
 * again rejoins it.
 */
export async function leaveChat(ctx: WriteCtx, input: { chatId: string }) {
  const userId = requireActor(ctx).id;
  const left = await ctx.db
    .update(chatMembers)
    .set({ hiddenAt: new Date() })
    .where(and(eq(chatMembers.chatId, input.chatId), eq(chatMembers.userId, userId), isNull(chatMembers.hiddenAt)))
    .returning({ chatId: chatMembers.chatId });
  if (left.length === 0) throw new DomainError(404, CHAT_MESSAGES.notFound);
  await announceLeft(ctx, { chatId: input.chatId, userId, unread: await countUnread(ctx) });
}
