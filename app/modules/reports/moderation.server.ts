/**
 * The admins' report queue (docs/product.md#moderation): open reports grouped by what they are
 * about, with the evidence, and one answer per group: hide or restore a referral, deactivate the
 * member behind it, or dismiss. Every answer writes the audit log in its batch.
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { chats, creditCards, messages, referrals, reports, users } from "../../../db/schema";
import type { ReportReason, ReportTarget } from "../../../db/enums";
import { assertAdmin } from "~/core/actor";
import { DomainError } from "~/core/errors";
import type { Ctx } from "~/core/context.server";
import { deactivateUser } from "~/modules/admin/users.server";
import { auditEntry, type AuditAction } from "~/modules/admin/audit.server";
import { writeReferralActive } from "~/modules/referrals/status.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { decodeCursor, encodeCursor } from "~/utils/keyset.server";
import { REPORT_MESSAGES, type Resolution, type ResolveInput } from "./schemas";
import { notifyReferrer } from "~/modules/links/notices.server";

/** What the referrer reads about an admin's decision on reports of their referral (ADR 180). */
const REFERRAL_DECISIONS: Partial<Record<Resolution, { subject: string; text: string }>> = {
  hide: {
    subject: "An admin hid your Cardshare referral",
    text: "After reviewing reports about one of your referrals, an admin hid it. Edit it on My Referrals or contact support.",
  },
  restore: {
    subject: "Your Cardshare referral is back",
    text: "After reviewing reports about one of your referrals, an admin restored it: it is live again.",
  },
  dismiss: {
    subject: "Reports about your Cardshare referral were dismissed",
    text: "An admin reviewed the reports about one of your referrals and found nothing wrong.",
  },
};

export const QUEUE_PAGE_SIZE = 20;

/** The audit row of each answer (a deactivation also writes its own "user.deactivate"). */
const RESOLUTION_AUDIT = {
  hide: "referral.hide",
  restore: "referral.restore",
  "deactivate-user": "reports.resolve",
  dismiss: "reports.dismiss",
} as const satisfies Record<ResolveInput["resolution"], AuditAction>;

interface Evidence {
  reporter: string;
  reason: ReportReason;
  note: string;
  createdAt: Date;
}

/** One trip for the groups, one batch for their evidence and what they are about. */
export async function listReportQueue(ctx: Pick<Ctx, "db" | "actor">, input: { cursor?: string | null }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const after = decodeCursor(input.cursor, ["number", "string"] as const);
  const latest = sql<number>`max(${reports.createdAt})`;
  const groups = await db
    .select({ targetType: reports.targetType, targetId: reports.targetId, count: sql<number>`count(*)`, latest })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .having(after ? sql`(${latest}, ${reports.targetId}) < (${after[0]}, ${after[1]})` : undefined)
    .orderBy(desc(latest), desc(reports.targetId))
    .limit(QUEUE_PAGE_SIZE + 1);
  const page = groups.slice(0, QUEUE_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = groups.length > QUEUE_PAGE_SIZE && last ? encodeCursor([last.latest, last.targetId]) : null;
  if (page.length === 0) return { groups: [], nextCursor };

  const idsOf = (type: ReportTarget) =>
    page.filter((group) => group.targetType === type).map((group) => group.targetId);
  const none = ["-"];
  const [evidence, referralRows, userRows, messageRows] = await db.batch([
    db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        reporter: users.username,
        reason: reports.reason,
        note: reports.note,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(
        and(
          eq(reports.status, "open"),
          inArray(
            reports.targetId,
            page.map((group) => group.targetId),
          ),
        ),
      )
      .orderBy(desc(reports.createdAt)),
    db
      .select({
        id: referrals.id,
        card: creditCards.name,
        link: referrals.referralLink,
        code: referrals.code,
        ownerId: referrals.referrerId,
        owner: users.username,
        isActive: referrals.isActive,
        heldAt: referrals.heldAt,
        moderatedAt: referrals.moderatedAt,
        linkConfirmedAt: referrals.linkConfirmedAt,
      })
      .from(referrals)
      .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
      .innerJoin(users, eq(users.id, referrals.referrerId))
      .where(inArray(referrals.id, idsOf("referral").length ? idsOf("referral") : none)),
    db
      .select({
        id: users.id,
        username: users.username,
        deactivatedAt: users.deactivatedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(inArray(users.id, idsOf("user").length ? idsOf("user") : none)),
    db
      .select({
        id: messages.id,
        content: messages.content,
        chatName: chats.name,
        ownerId: messages.senderId,
        owner: users.username,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, idsOf("message").length ? idsOf("message") : none)),
  ]);
  const byTarget = new Map<string, Evidence[]>();
  for (const row of evidence) {
    const key = `${row.targetType}:${row.targetId}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), row]);
  }
  const referralById = new Map(referralRows.map((row) => [row.id, row]));
  const userById = new Map(userRows.map((row) => [row.id, row]));
  const messageById = new Map(messageRows.map((row) => [row.id, row]));
  return {
    groups: page.map((group) => ({
      targetType: group.targetType,
      targetId: group.targetId,
      count: group.count,
      latest: new Date(group.latest),
      reports: byTarget.get(`${group.targetType}:${group.targetId}`) ?? [],
      referral: group.targetType === "referral" ? (referralById.get(group.targetId) ?? null) : null,
      user: group.targetType === "user" ? (userById.get(group.targetId) ?? null) : null,
      message: group.targetType === "message" ? (messageById.get(group.targetId) ?? null) : null,
    })),
    nextCursor,
  };
}

export type ReportGroup = Awaited<ReturnType<typeof listReportQueue>>["groups"][number];

/** The member a group's target belongs to: the referrer, the member, the message's sender. */
async function memberBehind(ctx: Pick<Ctx, "db">, input: Pick<ResolveInput, "targetType" | "targetId">) {
  const { db } = ctx;
  if (input.targetType === "user") return input.targetId;
  const row =
    input.targetType === "referral"
      ? await db.select({ id: referrals.referrerId }).from(referrals).where(eq(referrals.id, input.targetId)).get()
      : await db
          .select({ id: messages.senderId })
          .from(messages)
          .where(and(eq(messages.id, input.targetId), isNotNull(messages.senderId)))
          .get();
  if (!row?.id) throw new DomainError(404, REPORT_MESSAGES.notFound);
  return row.id;
}

/**
 * An admin's answer to a group of open reports. The target's change comes first (it can refuse:
 * the last admin, two active referrals for one card); then the group's open reports close and the
 * audit row is written together, so a report is never closed without its record.
 */
export async function resolveReports(ctx: Ctx, input: ResolveInput) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const { targetType, targetId, resolution, reason } = input;
  const open = and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, "open"));
  const pending = await db.select({ id: reports.id }).from(reports).where(open).limit(1);
  if (pending.length === 0) throw new DomainError(409, REPORT_MESSAGES.nothingOpen);

  if ((resolution === "hide" || resolution === "restore") && targetType !== "referral") {
    throw new DomainError(400, REPORT_MESSAGES.notHideable);
  }
  if (resolution === "hide") await writeReferralActive(db, targetId, false, null);
  if (resolution === "restore") await writeReferralActive(db, targetId, true, null);
  if (resolution === "deactivate-user") {
    await deactivateUser(ctx, { userId: await memberBehind(ctx, input), reason });
  }
  // Nothing was wrong: a referral held by these reports comes back.
  const releaseHold =
    resolution === "dismiss" && targetType === "referral"
      ? [
          db
            .update(referrals)
            .set({ isActive: true, heldAt: null, updatedAt: new Date() })
            .where(and(eq(referrals.id, targetId), isNotNull(referrals.heldAt), sql`${referrals.moderatedAt} IS NULL`)),
        ]
      : [];
  const now = new Date();
  const dismissed = resolution === "dismiss";
  await db.batch([
    db
      .update(reports)
      .set({ status: dismissed ? "dismissed" : "resolved", resolvedAt: now, resolvedById: ctx.actor.id })
      .where(open),
    auditEntry(
      db,
      ctx.actor,
      {
        action: RESOLUTION_AUDIT[resolution],
        targetType,
        targetId,
        reason,
      },
      now,
    ),
    ...releaseHold,
  ]);
  if (targetType === "referral") purgeReferralPages(ctx, { referralIds: [targetId] });
  const decision = targetType === "referral" ? REFERRAL_DECISIONS[resolution] : undefined;
  if (decision) {
    const ownerId = await memberBehind(ctx, input);
    ctx.waitUntil(
      notifyReferrer(ctx, ownerId, { kind: "moderation", key: `decision:${targetId}:${now.getTime()}`, ...decision }),
    );
  }
  return { message: dismissed ? REPORT_MESSAGES.dismissed : REPORT_MESSAGES.resolved };
}
