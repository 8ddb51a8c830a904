/**
 * User management for admins: search, deactivate / reactivate, grant / revoke admin. Invariants
 * are kept in SQL so two admins acting at once cannot break them: nobody changes their own
 * account here, and the last active admin can be neither demoted nor deactivated.
 */
import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sessions, users } from "../../../db/schema";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { auditEntry, auditEntryIf } from "./audit.server";
import { DomainError } from "~/core/errors";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, PAGE_SIZE, toPage } from "~/utils/keyset.server";
import { startsWith } from "~/utils/prefix.server";
import { ADMIN_MESSAGES } from "./messages";

type ReadCtx = Pick<Ctx, "db" | "actor">;

/**
 * Users whose username, email, first name or last name starts with the query ("ada lov" matches
 * first name Ada and a last name starting with lov). Each branch is a range on an index
 * (users_username_lower_unique, users_email_unique, users_full_name_lower_idx, users_last_name_lower_idx), so SQLite
 * answers with a multi-index OR that reads only matching rows.
 */
export function userSearchCondition(query: string): SQL | undefined {
  const q = query.trim().toLowerCase().slice(0, 100);
  if (!q) return undefined;
  const [first, ...rest] = q.split(/\s+/);
  const branches = [
    startsWith(sql`lower(${users.username})`, q),
    startsWith(sql`${users.email}`, q),
    startsWith(sql`lower(${users.firstName})`, q),
    startsWith(sql`lower(${users.lastName})`, q),
  ];
  if (rest.length > 0) {
    branches.push(
      sql`(lower(${users.firstName}) = ${first} AND ${startsWith(sql`lower(${users.lastName})`, rest.join(" "))})`,
    );
  }
  return or(...branches);
}

type UserListOptions = { q?: string | null; cursor?: string | null; limit?: number };

/** The query of one users page (exported so tests can read its plan and rows read). */
export function listUsersQuery(db: Db, options: UserListOptions, limit: number) {
  const after = decodeCreatedCursor(options.cursor);
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      authProvider: users.authProvider,
      isAdmin: users.isAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
      deactivatedAt: users.deactivatedAt,
      createdAt: users.createdAt,
      // Written out qualified: drizzle leaves column names unqualified in a single-table select,
      // where a bare "id" inside the subquery would mean the subquery's own table.
      referralsCount: sql<number>`(SELECT count(*) FROM referrals AS r WHERE r.referrer_id = "users"."id")`,
      applicationsCount: sql<number>`(SELECT count(*) FROM applications AS a WHERE a.applicant_id = "users"."id")`,
    })
    .from(users)
    .where(and(options.q ? userSearchCondition(options.q) : undefined, olderThan(users.createdAt, users.id, after)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
}

/** One page of users, newest first (keyset on created_at, id), with their activity counts. */
export async function listUsers(ctx: ReadCtx, input: UserListOptions = {}) {
  assertAdmin(ctx.actor);
  const limit = input.limit ?? PAGE_SIZE;
  const rows = await listUsersQuery(ctx.db, input, limit);
  return toPage(rows, limit, createdKeyOf);
}
export type AdminUserRow = Awaited<ReturnType<typeof listUsers>>["items"][number];

/** The user id of an exact username or email (case-insensitive), for the admin list filters. */
export async function findUserIdByHandle(ctx: ReadCtx, input: { handle: string }) {
  assertAdmin(ctx.actor);
  const value = input.handle.trim().toLowerCase();
  if (!value) return null;
  const row = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, value), eq(users.email, value)))
    .get();
  return row?.id ?? null;
}

async function requireOtherUser(ctx: ReadCtx, userId: string) {
  assertAdmin(ctx.actor);
  if (userId === ctx.actor.id) throw new DomainError(400, ADMIN_MESSAGES.notSelf);
  const target = await ctx.db
    .select({ id: users.id, isAdmin: users.isAdmin, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!target) throw new DomainError(404, ADMIN_MESSAGES.notFound);
  return target;
}

/** More than one active admin exists (so one can be demoted or deactivated). */
const anotherActiveAdmin = sql`(SELECT count(*) FROM ${users} AS admins WHERE admins.is_admin = 1 AND admins.deactivated_at IS NULL) > 1`;

/**
 * Deactivates an account in one batch: the account is marked and every session ends, so the
 * user is signed out everywhere at once and cannot sign in again (sign-in refuses deactivated
 * accounts). Their referrals leave the search, which excludes deactivated referrers, and their
 * open sockets close (a reconnect is refused: no session).
 */
export async function deactivateUser(
  ctx: Pick<Ctx, "db" | "realtime" | "actor">,
  input: { userId: string; now?: Date; reason?: string },
) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const { userId, now = new Date(), reason } = input;
  const target = await requireOtherUser(ctx, userId);
  if (target.deactivatedAt) return;
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ deactivatedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt), or(eq(users.isAdmin, false), anotherActiveAdmin)))
      .returning({ id: users.id }),
    // Runs after the update in the same batch: sessions end only if the account was deactivated.
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${isNotNull(users.deactivatedAt)})`,
        ),
      ),
    auditEntryIf(
      db,
      ctx.actor,
      { action: "user.deactivate", targetType: "user", targetId: userId, reason },
      sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.deactivatedAt} = ${now.getTime()})`,
      now,
    ),
  ]);
  if (updated.length === 0 && target.isAdmin) throw new DomainError(409, ADMIN_MESSAGES.lastAdmin);
  if (updated.length > 0) await closeUserConnections(ctx, userId);
}

export async function reactivateUser(ctx: ReadCtx, input: { userId: string }) {
  assertAdmin(ctx.actor);
  const { userId } = input;
  await requireOtherUser(ctx, userId);
  const { db } = ctx;
  await db.batch([
    db.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, userId)),
    auditEntry(db, ctx.actor, { action: "user.reactivate", targetType: "user", targetId: userId }),
  ]);
}

/** Grants or revokes admin; never one's own, never the last active admin. */
export async function setAdmin(ctx: ReadCtx, input: { userId: string; isAdmin: boolean; reason?: string }) {
  assertAdmin(ctx.actor);
  const { userId, isAdmin, reason } = input;
  const target = await requireOtherUser(ctx, userId);
  if (target.isAdmin === isAdmin) return;
  const { db } = ctx;
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ isAdmin, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isAdmin ? undefined : anotherActiveAdmin))
      .returning({ id: users.id }),
    auditEntryIf(
      db,
      ctx.actor,
      { action: isAdmin ? "user.grant-admin" : "user.revoke-admin", targetType: "user", targetId: userId, reason },
      sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.isAdmin} = ${isAdmin ? 1 : 0})`,
    ),
  ]);
  if (updated.length === 0) throw new DomainError(409, ADMIN_MESSAGES.lastAdmin);
}
