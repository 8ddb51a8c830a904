/**
 * A member's list of referrals: another member's public list (/profile, /api) and the owner's My
 * Referrals (/refer, /dashboard/my-referrals), each keyset-paged newest first.
 */
import { and, desc, eq, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { comments, creditCards, referrals, users } from "../../../db/schema";
import { referralsThreadsQuery, threadCommentsOf } from "~/modules/comments/comments.server";
import { runReads, type Read } from "~/core/d1-reads.server";
import { preparedSelect } from "~/utils/d1-statement.server";
import type { ThreadComment } from "~/modules/comments/thread";
import { DomainError } from "~/core/errors";
import {
  createdKeyOf,
  decodeCreatedCursor,
  OLDER_THAN_PLACEHOLDERS,
  olderThan,
  olderThanValues,
  toPage,
} from "~/utils/keyset.server";
import { requireActor } from "~/core/context.server";
import { USER_NOT_FOUND } from "~/utils/messages";
import { presentReferral } from "./present";
import { MY_REFERRAL_RECORD_KEYS, presentMyReferral } from "./present-my-referral";
import { referralRecordColumns, selectReferralRecords, type ReadCtx } from "./referrals.server";
import { REFERRAL_MESSAGES } from "./schemas";

export const MY_REFERRALS_PAGE = 50;

/**
 * A user's referrals, newest first, keyset-paged on referrals_referrer_idx, each with its comment
 * count. Others than the owner (`ctx.actor`) see only active ones, and nothing when the owner hides
 * their referrals.
 */
export async function listUserReferrals(
  ctx: ReadCtx,
  input: { userId: string; cursor?: string | null; limit?: number },
) {
  const { db } = ctx;
  const { userId, ...options } = input;
  const viewerId = ctx.actor?.id ?? null;
  const isOwner = viewerId === userId;
  const limit = Math.min(options.limit ?? MY_REFERRALS_PAGE, MY_REFERRALS_PAGE);
  // The owner's settings and the page (with each referral's comment count) in one round trip.
  const [owner, rows] = await Promise.all([
    isOwner
      ? null
      : db
          .select({ showReferrals: users.showReferrals, deactivatedAt: users.deactivatedAt })
          .from(users)
          .where(eq(users.id, userId))
          .get(),
    selectReferralRecords(db, userReferralsWhere(userId, isOwner, options.cursor), {
      commentsCount: sql<number>`(select count(*) from ${comments} where ${comments.referralId} = ${referrals.id})`,
    })
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(limit + 1),
  ]);
  if (!isOwner) {
    if (!owner || owner.deactivatedAt) throw new DomainError(404, USER_NOT_FOUND);
    if (!owner.showReferrals) throw new DomainError(403, REFERRAL_MESSAGES.privateReferrals);
  }
  const { items, nextCursor } = toPage(rows, limit, createdKeyOf);
  return {
    data: items.map((row) => ({ ...presentReferral(row, viewerId), commentsCount: row.commentsCount })),
    nextCursor,
  };
}

/** A user's referrals after the cursor, as the owner or as anyone else sees them. */
function userReferralsWhere(userId: string, isOwner: boolean, cursor: string | null | undefined) {
  return and(
    eq(referrals.referrerId, userId),
    isOwner ? undefined : and(eq(referrals.isActive, true), eq(creditCards.active, true)),
    olderThan(referrals.createdAt, referrals.id, decodeCreatedCursor(cursor)),
  );
}

/** The columns of referralRecordColumns that My Referrals shows (present.ts names them). */
const myReferralColumns = Object.fromEntries(
  MY_REFERRAL_RECORD_KEYS.map((key) => [key, referralRecordColumns[key]]),
) as Pick<typeof referralRecordColumns, (typeof MY_REFERRAL_RECORD_KEYS)[number]>;

/** My Referrals' page (newest first) and its threads after `after` (olderThan's key), read as the owner `ownerId`. */
function myReferralsQueries(db: Db, ownerId: Placeholder, after: typeof OLDER_THAN_PLACEHOLDERS | null) {
  const mine = and(eq(referrals.referrerId, ownerId), olderThan(referrals.createdAt, referrals.id, after));
  const newestFirst = [desc(referrals.createdAt), desc(referrals.id)];
  const pageIds = db
    .select({ id: referrals.id })
    .from(referrals)
    .where(mine)
    .orderBy(...newestFirst)
    .limit(MY_REFERRALS_PAGE);
  const page = db
    .select({
      ...myReferralColumns,
      commentsCount: sql<number>`(select count(*) from ${comments} where ${comments.referralId} = ${referrals.id})`.as(
        "comments_count",
      ),
    })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(mine)
    .orderBy(...newestFirst)
    .limit(MY_REFERRALS_PAGE + 1);
  return { page, threads: referralsThreadsQuery(db, pageIds) };
}

/**
 * The two statements of My Referrals, the first page's and a later one's (after a cursor), each
 * built once per isolate (issue 34: building them was a twentieth of /refer's CPU); the owner and
 * the cursor are placeholders.
 */
const myReferralsStatements = (after: typeof OLDER_THAN_PLACEHOLDERS | null) => {
  const owner = sql.placeholder("ownerId");
  return {
    page: preparedSelect((db) => myReferralsQueries(db, owner, after).page),
    threads: preparedSelect((db) => myReferralsQueries(db, owner, after).threads),
  };
};
const FIRST_PAGE = myReferralsStatements(null);
const LATER_PAGE = myReferralsStatements(OLDER_THAN_PLACEHOLDERS);
type PageRows = ReturnType<typeof FIRST_PAGE.page.decode>;

/**
 * My Referrals (/refer and /dashboard/my-referrals): the owner's page of referrals with what the
 * card shows (issue 34: not the whole record, no referrer join), each with its comment count and
 * public review threads. The page and its threads are two reads of one D1 batch (a page may add
 * its own reads to it: /refer's issuers); the threads' query names the page's referrals by a
 * subquery, not by ids read first. `decode` makes the list from what the two reads answer.
 */
export function myReferralsRead(ctx: ReadCtx, options: { cursor?: string | null } = {}) {
  const actor = requireActor(ctx);
  const after = decodeCreatedCursor(options.cursor);
  const statements = after ? LATER_PAGE : FIRST_PAGE;
  const values = { ownerId: actor.id, ...(after ? olderThanValues(after) : {}) };
  const page: Read<PageRows> = {
    statement: statements.page.bind(ctx.db, values),
    decode: (result) => statements.page.decode(result),
  };
  const threads: Read<ThreadComment[]> = {
    statement: statements.threads.bind(ctx.db, values),
    decode: (result) => threadCommentsOf(statements.threads.decode(result), actor.id),
  };
  const decode = (rows: PageRows, threadComments: ThreadComment[]) => {
    const { items, nextCursor } = toPage(rows, MY_REFERRALS_PAGE, createdKeyOf);
    const threadsOf = new Map<string, ThreadComment[]>();
    for (const comment of threadComments) {
      const thread = threadsOf.get(comment.referralId);
      if (thread) thread.push(comment);
      else threadsOf.set(comment.referralId, [comment]);
    }
    return {
      data: items.map((row) => ({
        ...presentMyReferral(row),
        commentsCount: row.commentsCount,
        comments: threadsOf.get(row.id) ?? [],
      })),
      nextCursor,
    };
  };
  return { reads: [page, threads] as const, decode };
}

/** myReferralsRead on its own: one round trip. */
export async function listMyReferrals(ctx: ReadCtx, options: { cursor?: string | null } = {}) {
  const { reads, decode } = myReferralsRead(ctx, options);
  return decode(...(await runReads(ctx, reads)));
}
