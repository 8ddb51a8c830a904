/**
 * What the notifications queue gave up on (ADR 180): the dead-letter queue's rows, newest first,
 * for admins (/admin/notifications), keyset paged like the other admin lists. Read only: a mail
 * given up on is looked into, not resent from here.
 */
import { desc, eq } from "drizzle-orm";
import { notificationDeadLetters, users } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, toPage } from "~/utils/keyset.server";

export const DEAD_LETTERS_PAGE_SIZE = 50;

export async function listDeadLetters(ctx: Pick<Ctx, "db" | "actor">, input: { cursor?: string | null }) {
  assertAdmin(ctx.actor);
  const rows = await ctx.db
    .select({
      id: notificationDeadLetters.id,
      createdAt: notificationDeadLetters.createdAt,
      key: notificationDeadLetters.idempotencyKey,
      kind: notificationDeadLetters.kind,
      subject: notificationDeadLetters.subject,
      attempts: notificationDeadLetters.attempts,
      userId: notificationDeadLetters.userId,
      username: users.username,
      email: users.email,
    })
    .from(notificationDeadLetters)
    .leftJoin(users, eq(users.id, notificationDeadLetters.userId))
    .where(olderThan(notificationDeadLetters.createdAt, notificationDeadLetters.id, decodeCreatedCursor(input.cursor)))
    .orderBy(desc(notificationDeadLetters.createdAt), desc(notificationDeadLetters.id))
    .limit(DEAD_LETTERS_PAGE_SIZE + 1);
  return toPage(rows, DEAD_LETTERS_PAGE_SIZE, createdKeyOf);
}
