/**
 * The admins' link review (docs/decisions/155-link-domains-and-review.md): referrals whose link
 * waits for a look, newest first; approving one (optionally listing its host for the issuer) or
 * rejecting it (an admin takedown, ADR 070). Each answer writes its audit row in its batch. Also
 * the sweep that flags links published before the rules, a batch at a time from the cron.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { creditCards, referrals, users } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { auditEntry } from "~/modules/admin/audit.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, toPage } from "~/utils/keyset.server";
import { noticeToReferrer, notifyReferrer } from "./notices.server";
import { addDomainStatement, domainsOfIssuers, reviewOfExistingLink } from "./domains.server";
import { normalizeDomain } from "./rules";

export const REVIEW_MESSAGES = {
  notFound: "That referral is not waiting for review any more.",
  approved: "Link approved",
  approvedAndListed: (domain: string, issuer: string) => `Link approved, and ${domain} is now listed for ${issuer}`,
  rejected: "Link rejected: the referral is deactivated",
} as const;

export const REVIEW_PAGE_SIZE = 30;

/** Another active referral of the same member for the same card (approving must not make two). */
const otherActiveForCard = sql`EXISTS (SELECT 1 FROM ${referrals} AS other WHERE other.referrer_id = ${referrals.referrerId}
  AND other.credit_card_id = ${referrals.creditCardId} AND other.is_active = 1 AND other.id <> ${referrals.id})`;

/** Referrals whose link waits for review, newest first (referrals_link_review_idx). */
export async function listLinkReviewQueue(ctx: Pick<Ctx, "db" | "actor">, input: { cursor?: string | null }) {
  assertAdmin(ctx.actor);
  const rows = await ctx.db
    .select({
      id: referrals.id,
      link: referrals.referralLink,
      reason: sql<string>`${referrals.linkReview}`,
      reviewHeldAt: referrals.reviewHeldAt,
      isActive: referrals.isActive,
      createdAt: referrals.createdAt,
      linkCheckStatus: referrals.linkCheckStatus,
      linkCheckHost: referrals.linkCheckHost,
      linkCheckedAt: referrals.linkCheckedAt,
      cardName: creditCards.name,
      issuer: creditCards.issuer,
      ownerId: users.id,
      owner: users.username,
    })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(
      and(
        isNotNull(referrals.linkReview),
        olderThan(referrals.createdAt, referrals.id, decodeCreatedCursor(input.cursor)),
      ),
    )
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(REVIEW_PAGE_SIZE + 1);
  const { items, nextCursor } = toPage(rows, REVIEW_PAGE_SIZE, createdKeyOf);
  return { links: items.map((row) => ({ ...row, domain: domainOfLink(row.link) })), nextCursor };
}

/** The domain an admin would list for a link's host ("www." dropped), or null for no domain. */
export function domainOfLink(link: string) {
  try {
    return normalizeDomain(new URL(link).hostname);
  } catch {
    return null;
  }
}

async function requireWaiting(db: Db, referralId: string) {
  const row = await db
    .select({
      link: referrals.referralLink,
      referrerId: referrals.referrerId,
      issuer: creditCards.issuer,
      cardName: creditCards.name,
      reviewHeldAt: referrals.reviewHeldAt,
    })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(and(eq(referrals.id, referralId), isNotNull(referrals.linkReview)))
    .get();
  if (!row) throw new DomainError(404, REVIEW_MESSAGES.notFound);
  return row;
}

/**
 * Approves a link: the flag goes, and a referral held for it goes live (unless its owner has
 * another active referral for the card by now). With `listDomain` the link's host is listed for
 * the card's issuer in the same batch, so that issuer's next links on it go live at once.
 */
export async function approveLink(ctx: Ctx, input: { referralId: string; listDomain: boolean; reason: string }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const row = await requireWaiting(db, input.referralId);
  const domain = input.listDomain ? domainOfLink(row.link) : null;
  const now = new Date();
  await db.batch([
    db
      .update(referrals)
      .set({
        linkReview: null,
        reviewHeldAt: null,
        isActive: sql`CASE WHEN ${referrals.reviewHeldAt} IS NOT NULL AND NOT ${otherActiveForCard} THEN 1 ELSE ${referrals.isActive} END`,
        updatedAt: now,
      })
      .where(and(eq(referrals.id, input.referralId), isNotNull(referrals.linkReview))),
    auditEntry(db, ctx.actor, {
      action: "referral.link-approve",
      targetType: "referral",
      targetId: input.referralId,
      reason: input.reason,
    }),
    ...(domain
      ? [
          addDomainStatement(db, row.issuer, domain),
          auditEntry(db, ctx.actor, {
            action: "issuer.domains",
            targetType: "issuer",
            targetId: row.issuer,
            reason: `Added ${domain} (approving a referral link)`,
          }),
        ]
      : []),
  ]);
  purgeReferralPages(ctx, { referralIds: [input.referralId] });
  if (row.reviewHeldAt) {
    const text = `Your ${row.cardName} referral was approved and is live.`;
    ctx.waitUntil(noticeToReferrer(ctx, row.referrerId, { referralId: input.referralId, text }));
    ctx.waitUntil(
      notifyReferrer(ctx, row.referrerId, {
        kind: "moderation",
        key: `link-approved:${input.referralId}:${now.getTime()}`,
        subject: "Your Cardshare referral was approved",
        text,
      }),
    );
  }
  return { message: domain ? REVIEW_MESSAGES.approvedAndListed(domain, row.issuer) : REVIEW_MESSAGES.approved };
}

/** Rejects a link: the referral is taken down as by an admin (only an admin can reopen it). */
export async function rejectLink(ctx: Ctx, input: { referralId: string; reason: string }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const row = await requireWaiting(db, input.referralId);
  const now = new Date();
  await db.batch([
    db
      .update(referrals)
      .set({ linkReview: null, reviewHeldAt: null, isActive: false, moderatedAt: now, updatedAt: now })
      .where(and(eq(referrals.id, input.referralId), isNotNull(referrals.linkReview))),
    auditEntry(db, ctx.actor, {
      action: "referral.link-reject",
      targetType: "referral",
      targetId: input.referralId,
      reason: input.reason,
    }),
  ]);
  purgeReferralPages(ctx, { referralIds: [input.referralId] });
  const text = `An admin did not approve the link of your ${row.cardName} referral, so it is deactivated.`;
  ctx.waitUntil(noticeToReferrer(ctx, row.referrerId, { referralId: input.referralId, text }));
  ctx.waitUntil(
    notifyReferrer(ctx, row.referrerId, {
      kind: "moderation",
      key: `link-rejected:${input.referralId}:${now.getTime()}`,
      subject: "Your Cardshare referral was not approved",
      text: `${text} The admin's reason: ${input.reason}`,
    }),
  );
  return { message: REVIEW_MESSAGES.rejected };
}

/** Under D1's 100 bound parameters per statement (the ids of a batch are one IN list). */
export const VET_BATCH = 90;

/**
 * Checks links published before the rules against them, VET_BATCH at a time (the cron): a link
 * that breaks one is flagged for review and stays as it is, live or not (docs/decisions/155).
 * Returns how many were looked at, so a caller can tell when the sweep is done.
 */
export async function vetExistingLinks(db: Db, limit = VET_BATCH) {
  const rows = await db
    .select({ id: referrals.id, link: referrals.referralLink, issuer: referrals.cardIssuer })
    .from(referrals)
    .where(isNull(referrals.linkVettedAt))
    .limit(limit);
  if (rows.length === 0) return { looked: 0, flagged: 0 };
  const domains = await domainsOfIssuers(
    db,
    rows.map((row) => row.issuer),
  );
  const now = new Date();
  const verdicts = rows.map((row) => ({
    id: row.id,
    review: reviewOfExistingLink(row.link, domains.get(row.issuer.toLowerCase()) ?? []),
  }));
  const flagged = verdicts.filter((verdict) => verdict.review !== null);
  await db.batch([
    db
      .update(referrals)
      .set({ linkVettedAt: now })
      .where(
        and(
          inArray(
            referrals.id,
            rows.map((row) => row.id),
          ),
          isNull(referrals.linkVettedAt),
        ),
      ),
    ...flagged.map((verdict) =>
      db
        .update(referrals)
        .set({ linkReview: verdict.review })
        .where(and(eq(referrals.id, verdict.id), isNull(referrals.linkReview))),
    ),
  ]);
  return { looked: rows.length, flagged: flagged.length };
}
