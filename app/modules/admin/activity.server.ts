/**
 * What admins read of the marketplace's activity: every referral (with duplicate-link flags) and
 * every application, filtered on indexed columns and paged by keyset on (created_at, id).
 */
import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { applications, creditCards, referrals, users, type ApplicationStatus } from "../../../db/schema";
import { normalizeReferralLink } from "~/core/referral-link";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { writeReferralActive } from "~/modules/referrals/status.server";
import { recordAudit } from "./audit.server";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, PAGE_SIZE, toPage } from "~/utils/keyset.server";

type ReadCtx = Pick<Ctx, "db" | "actor" | "purgePages">;

/** A link as typed into the filter, in the normalised form duplicates are matched on. */
function normalizedOrNull(link: string) {
  try {
    return normalizeReferralLink(link);
  } catch {
    return null;
  }
}

export interface ReferralFilters {
  /** Referrer id (resolved from a username or email by the route). */
  referrerId?: string | null;
  cardId?: string | null;
  status?: "active" | "inactive" | null;
  /** Any form of a referral link: matches every referral with the same normalised link. */
  link?: string | null;
  /** Only referrals flagged as duplicate links (index referrals_duplicate_idx). */
  duplicatesOnly?: boolean;
  cursor?: string | null;
  limit?: number;
}

/**
 * One page of referrals, newest first. `duplicate` is the stored flag (referrals.duplicate_of_id,
 * set by the referrals domain on both referrals when two accounts publish the same normalised link).
 */
export async function listAdminReferrals(ctx: ReadCtx, filters: ReferralFilters = {}) {
  assertAdmin(ctx.actor);
  const limit = filters.limit ?? PAGE_SIZE;
  const normalized = filters.link ? normalizedOrNull(filters.link) : undefined;
  if (normalized === null) return { items: [], nextCursor: null };
  const rows = await adminReferralsQuery(ctx.db, { ...filters, link: normalized }, limit);
  return toPage(rows, limit, createdKeyOf);
}
export type AdminReferralRow = Awaited<ReturnType<typeof listAdminReferrals>>["items"][number];

/**
 * The query of one referrals page, `link` already normalised (exported so tests can read its plan
 * and rows read).
 */
export function adminReferralsQuery(db: Db, filters: ReferralFilters, limit: number) {
  return db
    .select({
      id: referrals.id,
      referralLink: referrals.referralLink,
      isActive: referrals.isActive,
      moderated: sql<boolean>`${referrals.moderatedAt} is not null`.mapWith(Boolean),
      createdAt: referrals.createdAt,
      applicationsCount: referrals.applicationsCount,
      successfulCount: referrals.successfulCount,
      availableReferCount: referrals.availableReferCount,
      cardId: creditCards.id,
      cardName: creditCards.name,
      cardIssuer: creditCards.issuer,
      cardActive: creditCards.active,
      referrerId: users.id,
      referrerUsername: users.username,
      referrerEmail: users.email,
      referrerDeactivated: sql<boolean>`${users.deactivatedAt} IS NOT NULL`.mapWith(Boolean),
      duplicate: isNotNull(referrals.duplicateOfId).mapWith(Boolean),
    })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(
      and(
        filters.referrerId ? eq(referrals.referrerId, filters.referrerId) : undefined,
        filters.cardId ? eq(referrals.creditCardId, filters.cardId) : undefined,
        filters.status ? eq(referrals.isActive, filters.status === "active") : undefined,
        filters.link ? eq(referrals.normalizedLink, filters.link) : undefined,
        filters.duplicatesOnly ? isNotNull(referrals.duplicateOfId) : undefined,
        olderThan(referrals.createdAt, referrals.id, decodeCreatedCursor(filters.cursor)),
      ),
    )
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(limit + 1);
}

/** An admin takes down (deactivates) or reopens any referral: moderation, ADR 070. */
export async function moderateReferral(
  ctx: ReadCtx,
  input: { referralId: string; isActive: boolean; reason?: string },
) {
  assertAdmin(ctx.actor);
  const answer = await writeReferralActive(ctx.db, input.referralId, input.isActive, null);
  purgeReferralPages(ctx, { referralIds: [input.referralId] });
  await recordAudit(ctx, {
    action: input.isActive ? "referral.reopen" : "referral.deactivate",
    targetType: "referral",
    targetId: input.referralId,
    reason: input.reason,
  });
  return answer;
}

export interface ApplicationFilters {
  status?: ApplicationStatus | null;
  cardId?: string | null;
  /** Applications where this user is the applicant or the referrer. */
  userId?: string | null;
  cursor?: string | null;
  limit?: number;
}

/** One page of applications, newest first, with card, applicant and referrer names. */
export async function listAdminApplications(ctx: ReadCtx, filters: ApplicationFilters = {}) {
  assertAdmin(ctx.actor);
  const limit = filters.limit ?? PAGE_SIZE;
  const applicant = alias(users, "applicant");
  const referrer = alias(users, "referrer");
  const rows = await ctx.db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      referralId: applications.referralId,
      cardName: creditCards.name,
      cardIssuer: creditCards.issuer,
      applicantId: applicant.id,
      applicantUsername: applicant.username,
      referrerId: referrer.id,
      referrerUsername: referrer.username,
    })
    .from(applications)
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .innerJoin(applicant, eq(applicant.id, applications.applicantId))
    .innerJoin(referrer, eq(referrer.id, applications.referrerId))
    .where(
      and(
        filters.status ? eq(applications.status, filters.status) : undefined,
        filters.cardId ? eq(applications.creditCardId, filters.cardId) : undefined,
        filters.userId
          ? or(eq(applications.applicantId, filters.userId), eq(applications.referrerId, filters.userId))
          : undefined,
        olderThan(applications.createdAt, applications.id, decodeCreatedCursor(filters.cursor)),
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit + 1);
  return toPage(rows, limit, createdKeyOf);
}
export type AdminApplicationRow = Awaited<ReturnType<typeof listAdminApplications>>["items"][number];
