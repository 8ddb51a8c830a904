/**
 * The audit log (docs/product.md#moderation): every admin action with who, what, when and why.
 * `auditEntry` is a statement, so an action writes its row in the same batch as its change (an
 * action that fails leaves no row, and no change goes unrecorded); `recordAudit` is for actions
 * whose change is a single statement of their own.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { createId } from "../../../db/id";
import type { Db } from "../../../db/client";
import { auditLog, users } from "../../../db/schema";
import { assertAdmin, type Actor } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { decodeCreatedCursor, olderThan, toPage, createdKeyOf } from "~/utils/keyset.server";

/** What was done, as `{target}.{verb}`: the audit page groups and words them. */
export const AUDIT_ACTIONS = {
  "referral.hide": "Hid referral",
  "referral.restore": "Restored referral",
  "referral.deactivate": "Deactivated referral",
  "referral.reopen": "Reopened referral",
  "referral.link-approve": "Approved referral link",
  "referral.link-reject": "Rejected referral link",
  "issuer.domains": "Edited issuer link domains",
  "card.approve": "Approved member's card",
  "card.merge": "Merged member's card",
  "user.deactivate": "Deactivated member",
  "user.reactivate": "Reactivated member",
  "user.grant-admin": "Granted admin",
  "user.revoke-admin": "Revoked admin",
  "card.create": "Added card",
  "card.update": "Edited card",
  "card.delete": "Deleted card",
  "reports.dismiss": "Dismissed reports",
  "reports.resolve": "Resolved reports",
  "dispute.close": "Closed dispute",
  "valuation.update": "Edited point valuation",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditInput {
  action: AuditAction;
  targetType: string;
  targetId: string;
  /** Why, in the admin's words; empty when the screen did not ask. */
  reason?: string;
}

export function auditEntry(db: Db, actor: Actor, input: AuditInput, at = new Date()) {
  return db.insert(auditLog).values({
    actorId: actor.id,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason ?? "",
    createdAt: at,
  });
}

/**
 * The same row, written only if `condition` holds when the statement runs: for a batch whose change
 * may turn out to be a no-op (the last admin is never deactivated), so no row claims it happened.
 */
export function auditEntryIf(db: Db, actor: Actor, input: AuditInput, condition: SQL, at = new Date()) {
  // INSERT ... SELECT over the admin's own users row (one row), filtered by the condition.
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<string>`${createId()}`.as("id"),
        actorId: sql<string>`${actor.id}`.as("actor_id"),
        action: sql<string>`${input.action}`.as("action"),
        targetType: sql<string>`${input.targetType}`.as("target_type"),
        targetId: sql<string>`${input.targetId}`.as("target_id"),
        reason: sql<string>`${input.reason ?? ""}`.as("reason"),
        createdAt: sql<Date>`${at.getTime()}`.as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, actor.id), condition)),
  );
}

export async function recordAudit(ctx: Pick<Ctx, "db" | "actor">, input: AuditInput) {
  assertAdmin(ctx.actor);
  await auditEntry(ctx.db, ctx.actor, input);
}

export const AUDIT_PAGE_SIZE = 50;

/** The log, newest first, keyset-paged on audit_log_created_idx; each row with the admin's username. */
export async function listAudit(ctx: Pick<Ctx, "db" | "actor">, input: { cursor?: string | null }) {
  assertAdmin(ctx.actor);
  const cursor = decodeCreatedCursor(input.cursor);
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
      admin: sql<string | null>`${users.username}`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(olderThan(auditLog.createdAt, auditLog.id, cursor))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  return toPage(rows, AUDIT_PAGE_SIZE, createdKeyOf);
}
