/**
 * How many chats a member may start (docs/product.md#rate-limits): the one limit on starting chats,
 * with two tiers. Any member starts at most 30 an hour; an account whose email is not verified, or
 * that is under a day old, may start NEW_ACCOUNT_CHATS new chats in any 24 hours (spam comes from
 * fresh accounts). Reopening a chat the pair already has never counts as new.
 */
import { and, eq, gt, min } from "drizzle-orm";
import { rateLimitHits, users } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { countEvent, enforceRateLimit } from "~/utils/rate-limit.server";

export const NEW_ACCOUNT_CHATS = 3;
const DAY = 24 * 60 * 60 * 1000;

/** Whether an account counts as new: its email unverified, or created less than a day ago. */
export function isNewAccount(account: { emailVerifiedAt: Date | null; createdAt: Date }, now = Date.now()) {
  return account.emailVerifiedAt === null || now - account.createdAt.getTime() < DAY;
}

const when = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

/** The 429's words: why, when the next chat can start, and that existing chats go on. */
export function newAccountLimitMessage(nextAt: Date) {
  return (
    `New accounts can start ${NEW_ACCOUNT_CHATS} new chats a day. You can start another after ${when.format(nextAt)} UTC. ` +
    "Your existing chats are not affected, and the limit ends once your email is verified and your account is a day old."
  );
}

/**
 * Counts a new chat of a new account; a 429 saying when the oldest of the day's chats leaves the
 * window once the limit is used up. Scaled by RATE_LIMIT_MULTIPLIER, as every limit is.
 */
async function limitNewAccountChats(ctx: Pick<Ctx, "db" | "env">, userId: string, now = Date.now()) {
  const { db } = ctx;
  const account = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!account || !isNewAccount(account, now)) return;
  const key = `chat-new:${userId}`;
  const limit = { key, limit: NEW_ACCOUNT_CHATS * ctx.env.RATE_LIMIT_MULTIPLIER, windowMs: DAY };
  if (!(await countEvent(db, limit, now))) return;
  const oldest = await db
    .select({ at: min(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, now - DAY)))
    .get();
  throw new DomainError(
    429,
    newAccountLimitMessage(new Date((oldest?.at ?? now) + DAY)),
    undefined,
    "NEW_ACCOUNT_CHAT_LIMIT",
  );
}

/**
 * Counts a chat start for the member: a 429 past 30 an hour; and when it opens a new chat (not one
 * the pair already has), the new-account tier too.
 */
export async function limitChatStarts(ctx: Pick<Ctx, "db" | "env">, userId: string, start: { isNew: boolean }) {
  await enforceRateLimit(ctx.db, {
    key: `chat-start:${userId}`,
    limit: 30 * ctx.env.RATE_LIMIT_MULTIPLIER,
    windowMs: 60 * 60 * 1000,
  });
  if (start.isNew) await limitNewAccountChats(ctx, userId);
}
