/**
 * Members report a referral, a member or a message (docs/product.md#reports). A referral reported
 * by REPORT_THRESHOLD distinct verified members since its link was last confirmed leaves the
 * market at once (is_active = 0, held_at set) until its referrer confirms the link or edits it; its
 * referrer is told by email. Nothing else acts on its own: admins resolve reports
 * (moderation.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { chatMembers, messages, referrals, reports, users } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { requireActor, type Ctx } from "~/core/context.server";
import { notify } from "~/modules/notifications/notify.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { HOLD_NOTICES, noticeToReferrer } from "~/modules/links/notices.server";
import { REPORT_MESSAGES, REPORT_REASON_LABELS, type ReportInput } from "./schemas";

/** Reports from this many distinct verified members hold a referral. */
export const REPORT_THRESHOLD = 3;

/** Who owns the target (to refuse reporting oneself), or null when it does not exist for the actor. */
function targetOwner(ctx: Ctx, input: Pick<ReportInput, "targetType" | "targetId">, actorId: string) {
  const { db } = ctx;
  switch (input.targetType) {
    case "referral":
      return db.select({ ownerId: referrals.referrerId }).from(referrals).where(eq(referrals.id, input.targetId));
    case "user":
      return db
        .select({ ownerId: users.id })
        .from(users)
        .where(and(eq(users.id, input.targetId), sql`${users.deactivatedAt} IS NULL`));
    case "message":
      // Only a message the reporter can see: one in a chat they belong to.
      return db
        .select({ ownerId: sql<string>`coalesce(${messages.senderId}, '')` })
        .from(messages)
        .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, actorId)))
        .where(eq(messages.id, input.targetId));
  }
}

/**
 * Holds the referral when the open reports from verified members, made since its link was last
 * confirmed, reach the threshold. One statement (the count is a subquery on reports_target_idx),
 * run in the report's batch; answers the referrer when it held the referral just now.
 */
function holdIfReported(ctx: Ctx, referralId: string, now: Date) {
  return ctx.db
    .update(referrals)
    .set({ isActive: false, heldAt: now, updatedAt: now })
    .where(
      and(
        eq(referrals.id, referralId),
        eq(referrals.isActive, true),
        sql`(SELECT count(*) FROM ${reports} JOIN ${users} ON ${users.id} = ${reports.reporterId}
              WHERE ${reports.targetType} = 'referral' AND ${reports.targetId} = ${referralId}
                AND ${reports.status} = 'open' AND ${users.emailVerifiedAt} IS NOT NULL
                AND ${reports.createdAt} > coalesce(${referrals.linkConfirmedAt}, 0)) >= ${REPORT_THRESHOLD}`,
      ),
    )
    .returning({ referrerId: referrals.referrerId, code: referrals.code });
}

export async function createReport(ctx: Ctx, input: ReportInput) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const [[reporter], [target]] = await db.batch([
    db
      .select({ verified: sql<number>`${users.emailVerifiedAt} IS NOT NULL` })
      .from(users)
      .where(eq(users.id, actor.id)),
    targetOwner(ctx, input, actor.id),
  ]);
  if (!reporter?.verified) throw new DomainError(403, REPORT_MESSAGES.unverified);
  if (!target) throw new DomainError(404, REPORT_MESSAGES.notFound);
  if (target.ownerId === actor.id) throw new DomainError(400, REPORT_MESSAGES.own);

  const now = new Date();
  const insert = db
    .insert(reports)
    .values({ reporterId: actor.id, ...input, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (input.targetType !== "referral") {
    const [created] = await insert;
    if (!created) throw new DomainError(409, REPORT_MESSAGES.already);
    return { message: REPORT_MESSAGES.sent, held: false };
  }
  const [created, held] = await db.batch([insert, holdIfReported(ctx, input.targetId, now)]);
  if (created.length === 0) throw new DomainError(409, REPORT_MESSAGES.already);
  if (!held[0]) ctx.waitUntil(tellReferrerItWasReported(ctx, input.targetId, created[0]!.id, input.reason));
  if (held[0]) {
    // Its public pages (/r, the card's page) must stop showing it now.
    purgeReferralPages(ctx, { referralIds: [input.targetId] });
    ctx.waitUntil(tellReferrerItIsHeld(ctx, held[0].referrerId, input.reason));
    ctx.waitUntil(
      noticeToReferrer(ctx, held[0].referrerId, { referralId: input.targetId, text: HOLD_NOTICES.reports }),
    );
  }
  return { message: REPORT_MESSAGES.sent, held: held.length > 0 };
}

const MY_REFERRALS = { path: "/dashboard/my-referrals", label: "Open My Referrals" };

/** The referrer hears of each report on their referral below the hold (ADR 180; the reporter stays unnamed). */
async function tellReferrerItWasReported(
  ctx: Ctx,
  referralId: string,
  reportId: string,
  reason: ReportInput["reason"],
) {
  const owner = await ctx.db
    .select({ id: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
  if (!owner) return;
  await notify(ctx, {
    kind: "links",
    userId: owner.id,
    key: `report:${reportId}`,
    content: {
      subject: "Your Cardshare referral was reported",
      lines: [
        `A member reported that one of your referrals has a problem: "${REPORT_REASON_LABELS[reason]}".`,
        `It stays live. After ${REPORT_THRESHOLD} reports it is paused until you check it, so check the link and the offer now.`,
      ],
      action: MY_REFERRALS,
    },
  });
}

async function tellReferrerItIsHeld(ctx: Ctx, referrerId: string, lastReason: ReportInput["reason"]) {
  await notify(ctx, {
    kind: "links",
    userId: referrerId,
    key: `held:${referrerId}:${Date.now()}`,
    content: {
      subject: "Your Cardshare referral is paused after reports",
      lines: [
        `${REPORT_THRESHOLD} members reported that one of your referrals has a problem (the latest said: "${REPORT_REASON_LABELS[lastReason]}"). It is hidden from search and card pages for now.`,
        "Check that the link still works and the offer is current, then confirm it or edit it on My Referrals: it comes back at once.",
      ],
      action: MY_REFERRALS,
    },
  });
}
