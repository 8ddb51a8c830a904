/**
 * Reading reviews, referrer replies and follow-ups (docs/product.md#reviews, #comment-texts): a
 * referral's threads, a member's, an application's, with the names each viewer may see. Writing
 * one is add-comment.server.ts.
 */
import { alias } from "drizzle-orm/sqlite-core";
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { applications, comments, referrals, users } from "../../../db/schema";
import { assertApplicationReader } from "~/modules/applications/access";
import { verifiedReviewSql } from "~/modules/reputation/verified.server";
import { visibleNames } from "~/modules/users/privacy";
import type { Actor } from "~/core/actor";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { inIdList, newestInGroup } from "~/utils/keyset.server";
import { COMMENT_MESSAGES } from "./schemas";
import type { ApiComment, CommentPerson, ThreadComment, ThreadPerson } from "./thread";

/** What the reads need: the database and who is looking (a visitor when null), for the names shown. */
type ViewCtx = Pick<Ctx, "db"> & { actor: Pick<Actor, "id"> | null };
export type MemberCtx = Pick<Ctx, "db" | "actor">;

/** The referral a comment is about: 404 in the comment's words when there is none. */
export async function findReferral(db: Db, referralId: string) {
  const referral = await db
    .select({ id: referrals.id, referrerId: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
  if (!referral) {
    throw new DomainError(404, COMMENT_MESSAGES.invalidReferral, { referralId: COMMENT_MESSAGES.invalidReferral });
  }
  return referral;
}

const owner = alias(users, "owner");
const reviewAuthor = alias(users, "review_author");
const original = alias(comments, "original");

/**
 * A person's columns under names of their own (`owner_username`, ...): a D1 batch answers each
 * row as an object by column name, so two people in one row must not share names.
 */
const personColumns = (table: typeof owner | typeof reviewAuthor, prefix: string) => ({
  id: sql<string>`${table.id}`.as(`${prefix}_id`),
  username: sql<string>`${table.username}`.as(`${prefix}_username`),
  firstName: sql<string>`${table.firstName}`.as(`${prefix}_first_name`),
  lastName: sql<string>`${table.lastName}`.as(`${prefix}_last_name`),
  profileImage: sql<string | null>`${table.profileImage}`.as(`${prefix}_profile_image`),
  showFullName: sql<boolean>`${table.showFullName}`.mapWith(table.showFullName).as(`${prefix}_show_full_name`),
});

type PersonRow = CommentRow["owner"];

function toPerson(row: PersonRow, viewerId: string | null): CommentPerson {
  const names = visibleNames(row, row.id === viewerId);
  return {
    _id: row.id,
    username: row.username,
    firstName: names.firstName,
    name: names.name,
    profileImage: row.profileImage,
  };
}

/** A person as a thread shows them (ThreadPerson): the id and the name `viewerId` may see. */
const threadPerson = (row: PersonRow, viewerId: string | null): ThreadPerson => ({
  _id: row.id,
  name: visibleNames(row, row.id === viewerId).name,
});

/** Whether a comment is a verified review (1 or 0): the verified rule, on reviews only. */
const verifiedOutcomeSql = sql<number>`case when ${comments.commentType} = 'applicantToReferrer' then ${verifiedReviewSql(
  {
    ratingConfirmedAt: sql`${comments.ratingConfirmedAt}`,
    applicationId: sql`${comments.applicationId}`,
  },
)} else 0 end`;

/**
 * Comments matching `where`, oldest first, each with the review's author and the referral's owner,
 * every column named once in the row (the query may run in a batch).
 */
function commentRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: comments.id,
      comment: comments.comment,
      rating: comments.rating,
      ratingUpdated: comments.ratingUpdated,
      createdAt: comments.createdAt,
      commentType: comments.commentType,
      originalCommentId: comments.originalCommentId,
      referralId: comments.referralId,
      applicationId: comments.applicationId,
      authorId: comments.authorId,
      stage: comments.stage,
      verifiedOutcome: verifiedOutcomeSql.as("verified_outcome"),
      confirmedRating: comments.confirmedRating,
      ratingConfirmedAt: comments.ratingConfirmedAt,
      owner: personColumns(owner, "owner"),
      reviewAuthor: personColumns(reviewAuthor, "review_author"),
    })
    .from(comments)
    .innerJoin(referrals, eq(referrals.id, comments.referralId))
    .innerJoin(owner, eq(owner.id, referrals.referrerId))
    .leftJoin(original, eq(original.id, comments.originalCommentId))
    .innerJoin(reviewAuthor, eq(reviewAuthor.id, sql`coalesce(${original.authorId}, ${comments.authorId})`))
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id));
}
type CommentRow = Awaited<ReturnType<typeof commentRows>>[number];

/** What a thread shows of a comment row (ThreadComment), its people as `person` makes them. */
function threadComment<P>(row: CommentRow, person: (row: PersonRow) => P) {
  return {
    _id: row.id,
    comment: row.comment,
    rating: row.rating,
    ratingUpdated: row.ratingUpdated,
    createdAt: row.createdAt.toISOString(),
    commentType: row.commentType,
    applicant: person(row.reviewAuthor),
    referrer: person(row.owner),
    originalCommentId: row.originalCommentId,
    referralId: row.referralId,
    userId: row.authorId,
    stage: row.stage,
    verifiedOutcome: Boolean(row.verifiedOutcome),
    confirmedRating: row.confirmedRating,
    ratingConfirmedAt: row.ratingConfirmedAt?.toISOString() ?? null,
  };
}

/** Comments matching `where`, oldest first, with the people named the way `viewerId` may see them. */
export async function loadComments(db: Db, where: SQL | undefined, viewerId: string | null): Promise<ApiComment[]> {
  const rows = await commentRows(db, where);
  const replied = new Set(
    rows.filter((row) => row.commentType === "referrerReply").map((row) => row.originalCommentId),
  );
  return rows.map((row) => ({
    ...threadComment(row, (person) => toPerson(person, viewerId)),
    originalComment: row.originalCommentId ? { _id: row.originalCommentId } : null,
    hasReferrerReply: replied.has(row.id),
    applicationId: row.applicationId,
  }));
}

export const REVIEWS_PAGE_SIZE = 50;

/**
 * Reviews and their responses for a set of reviews, chosen by `reviewWhere`, in one query: the
 * newest `limit` (REVIEWS_PAGE_SIZE) reviews are a subquery of the read (one round trip, issue 20).
 */
export function threadsWhere(
  db: Db,
  reviewWhere: SQL | undefined,
  viewerId: string | null,
  before?: Date,
  limit = REVIEWS_PAGE_SIZE,
) {
  const reviewIds = db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        reviewWhere,
        eq(comments.commentType, "applicantToReferrer"),
        before ? lt(comments.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
  return loadComments(
    db,
    or(inArray(comments.id, reviewIds), inArray(comments.originalCommentId, reviewIds)),
    viewerId,
  );
}

/**
 * The public reviews of a referral with their replies and follow-ups (the referral detail, My
 * Referrals and GET /api/referrals/card-refer/comments/{referralId}): the newest 50 reviews, or
 * those before `before` (keyset by time).
 */
export async function listReferralComments(
  ctx: ViewCtx,
  input: { referralId: string; before?: Date },
): Promise<ApiComment[]> {
  const { referralId, before } = input;
  // The referral's existence (a 404 otherwise) and its threads are read side by side.
  const [, threads] = await Promise.all([
    findReferral(ctx.db, referralId),
    threadsWhere(ctx.db, eq(comments.referralId, referralId), ctx.actor?.id ?? null, before),
  ]);
  return threads;
}

/**
 * The reviews a member received as a referrer, on all their referrals, with the replies and
 * follow-ups (the profile's Reviews tab): the newest 50, or those before `before` (keyset by time).
 * The referral ids come from referrals_referrer_idx, each referral's reviews from comments_referral_idx.
 */
export async function listReviewsReceived(
  ctx: ViewCtx,
  input: { userId: string; before?: Date },
): Promise<ApiComment[]> {
  const theirReferrals = ctx.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referrerId, input.userId));
  return threadsWhere(ctx.db, inArray(comments.referralId, theirReferrals), ctx.actor?.id ?? null, input.before);
}

/**
 * An application's thread: its applicant's review of the referral and the responses to it. The
 * applicant, the referrer and admins may read it; anyone else gets a 403.
 */
export async function listApplicationComments(ctx: MemberCtx, input: { applicationId: string }): Promise<ApiComment[]> {
  const actor = requireActor(ctx);
  const application = await ctx.db
    .select({
      referralId: applications.referralId,
      applicantId: applications.applicantId,
      referrerId: applications.referrerId,
    })
    .from(applications)
    .where(eq(applications.id, input.applicationId))
    .get();
  assertApplicationReader(actor, application, (found) => found, COMMENT_MESSAGES.notAllowed);
  return threadsWhere(
    ctx.db,
    and(eq(comments.referralId, application.referralId), eq(comments.authorId, application.applicantId)),
    actor.id,
  );
}

/**
 * The threads of the acting member's own reviews on several referrals at once (the My Applications
 * list: the applicant sees only their own comments and the replies to them).
 */
export async function listOwnThreads(
  ctx: MemberCtx,
  input: { referralIds: string[] | SQLWrapper },
): Promise<ApiComment[]> {
  const viewerId = requireActor(ctx).id;
  const { referralIds } = input;
  if (Array.isArray(referralIds) && referralIds.length === 0) return [];
  return threadsWhere(
    ctx.db,
    and(
      Array.isArray(referralIds)
        ? inArray(comments.referralId, referralIds)
        : inArray(comments.referralId, referralIds as SQLWrapper),
      eq(comments.authorId, viewerId),
    ),
    viewerId,
  );
}

/**
 * The public threads of several referrals at once (My Referrals: every review of the owner's
 * referrals with its replies and follow-ups), in one query: the newest 50 reviews of each referral
 * (a window per referral, so a busy referral cannot crowd out the others) and their responses,
 * with only what a thread shows (ThreadComment, issue 34). The ids travel as one JSON parameter,
 * as D1 allows 100 bound parameters per query, or as a subquery selecting them (My Referrals
 * batches it with its page and builds it once per isolate); `threadCommentsOf` turns its rows
 * into comments.
 */
export function referralsThreadsQuery(db: Db, referralIds: readonly string[] | SQLWrapper) {
  const ofReferrals = Array.isArray(referralIds)
    ? inIdList(comments.referralId, referralIds)
    : inArray(comments.referralId, referralIds as SQLWrapper);
  const ranked = db
    .select({ id: comments.id, rank: newestInGroup(comments.referralId, comments.createdAt, comments.id) })
    .from(comments)
    .where(and(ofReferrals, eq(comments.commentType, "applicantToReferrer")))
    .as("ranked");
  const reviewIds = db
    .select({ id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${REVIEWS_PAGE_SIZE}`);
  return commentRows(
    db,
    and(ofReferrals, inArray(sql`coalesce(${comments.originalCommentId}, ${comments.id})`, reviewIds)),
  );
}

/** referralsThreadsQuery's rows as a thread shows them, with the names `viewerId` may see. */
export const threadCommentsOf = (rows: CommentRow[], viewerId: string | null): ThreadComment[] =>
  rows.map((row) => threadComment(row, (person) => threadPerson(person, viewerId)));

/** referralsThreadsQuery on its own. */
export async function listReferralsComments(
  ctx: ViewCtx,
  input: { referralIds: readonly string[] | SQLWrapper },
): Promise<ThreadComment[]> {
  if (Array.isArray(input.referralIds) && input.referralIds.length === 0) return [];
  return threadCommentsOf(await referralsThreadsQuery(ctx.db, input.referralIds), ctx.actor?.id ?? null);
}

/** Whether the acting member has reviewed the referral (the apply dialog then skips its review step). */
export async function hasReviewed(ctx: MemberCtx, input: { referralId: string }) {
  const userId = requireActor(ctx).id;
  const { referralId } = input;
  const review = await ctx.db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.referralId, referralId),
        eq(comments.authorId, userId),
        eq(comments.commentType, "applicantToReferrer"),
      ),
    )
    .get();
  return review !== undefined;
}
