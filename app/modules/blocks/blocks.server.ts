/**
 * Blocking (docs/product.md#blocking, docs/decisions/152-blocking.md). A block is one row, blocker
 * to blocked; while it stands neither member can message the other (the chat's room refuses both,
 * startDirectChat refuses a new chat) and their shared chat leaves the blocker's list and unread
 * count. Unblocking deletes the row, which brings all of it back: nothing else was changed.
 */
import { and, eq } from "drizzle-orm";
import { blocks, chats, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { countUnread } from "~/modules/chats/queries.server";
import { BLOCK_MESSAGES } from "./schemas";
import { openDealingsBetween } from "~/modules/applications/dealings.server";

type BlockCtx = Pick<Ctx, "db" | "realtime" | "actor">;

/** The member behind an id (any state: unblocking a since-deactivated member must still work). */
async function requireOther(ctx: BlockCtx, userId: string) {
  const actor = requireActor(ctx);
  if (userId === actor.id) throw new DomainError(400, BLOCK_MESSAGES.self);
  const target = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!target) throw new DomainError(404, BLOCK_MESSAGES.notFound);
  return actor;
}

/**
 * After a block changed: the pair's direct chat room reloads its members (with the block, so it
 * refuses or takes sends and relays typing accordingly), and the actor's badge gets its new count
 * (the chat left or rejoined their list).
 */
async function announceBlockChanged(ctx: BlockCtx, actorId: string, otherId: string) {
  const directKey = [actorId, otherId].sort().join(":");
  const chat = await ctx.db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey)).get();
  await Promise.all([
    chat ? ctx.realtime.membersChanged(chat.id) : undefined,
    countUnread(ctx).then((count) => ctx.realtime.toUser(actorId, { type: "unread", count })),
  ]);
}

/** Blocks a member (idempotent: blocking again changes nothing). */
export async function blockUser(ctx: BlockCtx, input: { userId: string }) {
  const actor = await requireOther(ctx, input.userId);
  await ctx.db
    .insert(blocks)
    .values({ blockerId: actor.id, blockedId: input.userId, createdAt: new Date() })
    .onConflictDoNothing();
  await announceBlockChanged(ctx, actor.id, input.userId);
  const dealings = await openDealingsBetween(ctx.db, actor.id, input.userId);
  return {
    userId: input.userId,
    blockedByYou: true,
    message: dealings > 0 ? BLOCK_MESSAGES.blockedDealings : BLOCK_MESSAGES.blocked,
  };
}

/** Unblocks a member (idempotent: unblocking someone not blocked changes nothing). */
export async function unblockUser(ctx: BlockCtx, input: { userId: string }) {
  const actor = await requireOther(ctx, input.userId);
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, input.userId)));
  await announceBlockChanged(ctx, actor.id, input.userId);
  return { userId: input.userId, blockedByYou: false, message: BLOCK_MESSAGES.unblocked };
}
