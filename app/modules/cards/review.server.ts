/**
 * Cards members added ('Other (Not Listed)') wait for an admin (docs/decisions/155): listed here
 * newest first, approved into the catalogue, or merged into a catalogue card, which moves their
 * referrals and applications in one batch. Cards added before the rules are live and flagged: the
 * same queue shows them.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { applications, creditCards, referrals, users } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { auditEntry } from "~/modules/admin/audit.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { noticeToReferrer } from "~/modules/links/notices.server";

export const CARD_REVIEW_MESSAGES = {
  notFound: "That card is not waiting for review any more.",
  targetNotFound: "Choose a catalogue card to merge into.",
  approved: (name: string) => `${name} is now in the catalogue`,
  merged: (name: string, into: string, moved: number) =>
    `${name} merged into ${into}: ${moved} referral${moved === 1 ? "" : "s"} moved`,
} as const;

export const CARD_REVIEW_PAGE = 50;

/** The member-added cards waiting (credit_cards_user_added_idx), each with its creator and referrals count. */
export async function listCardReviewQueue(ctx: Pick<Ctx, "db" | "actor">) {
  assertAdmin(ctx.actor);
  return ctx.db
    .select({
      id: creditCards.id,
      name: creditCards.name,
      issuer: creditCards.issuer,
      category: creditCards.category,
      annualFee: creditCards.annualFee,
      referralBonusAmount: creditCards.referralBonusAmount,
      referralBonusUnit: creditCards.referralBonusUnit,
      description: creditCards.description,
      officialWebsite: creditCards.officialWebsite,
      active: creditCards.active,
      createdAt: creditCards.createdAt,
      creator: users.username,
      referralsCount: sql<number>`(SELECT count(*) FROM ${referrals} WHERE ${referrals.creditCardId} = ${creditCards.id})`,
    })
    .from(creditCards)
    .leftJoin(users, eq(users.id, creditCards.createdById))
    .where(eq(creditCards.isUserAdded, true))
    .orderBy(desc(creditCards.createdAt))
    .limit(CARD_REVIEW_PAGE);
}

async function requireWaitingCard(ctx: Pick<Ctx, "db">, cardId: string) {
  const card = await ctx.db
    .select({ id: creditCards.id, name: creditCards.name })
    .from(creditCards)
    .where(and(eq(creditCards.id, cardId), eq(creditCards.isUserAdded, true)))
    .get();
  if (!card) throw new DomainError(404, CARD_REVIEW_MESSAGES.notFound);
  return card;
}

/** The referrals of a card and their owners, to purge their pages and tell them. */
function referralsOf(ctx: Pick<Ctx, "db">, cardId: string) {
  return ctx.db
    .select({ id: referrals.id, referrerId: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.creditCardId, cardId));
}

/** Approves a member's card into the catalogue: listed and active, so its referrals go live. */
export async function approveCard(ctx: Ctx, input: { cardId: string; reason: string }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const card = await requireWaitingCard(ctx, input.cardId);
  const [, , moved] = await db.batch([
    db
      .update(creditCards)
      .set({ active: true, isUserAdded: false, updatedAt: new Date() })
      .where(and(eq(creditCards.id, card.id), eq(creditCards.isUserAdded, true))),
    auditEntry(db, ctx.actor, { action: "card.approve", targetType: "card", targetId: card.id, reason: input.reason }),
    referralsOf(ctx, card.id),
  ]);
  tellOwners(ctx, moved, `The card of your ${card.name} referral was approved: the referral is live.`);
  return { message: CARD_REVIEW_MESSAGES.approved(card.name) };
}

/**
 * Merges a member's card into a catalogue card: its referrals and applications move over and the
 * card is deleted, in one batch. A moved referral whose owner already has an active one for the
 * target card is set inactive first (one active referral per card); moved links are checked again
 * against the target issuer's domains by the next sweep (link_vetted_at cleared).
 */
export async function mergeCard(ctx: Ctx, input: { cardId: string; intoCardId: string; reason: string }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const [card, into] = await Promise.all([
    requireWaitingCard(ctx, input.cardId),
    db
      .select({ id: creditCards.id, name: creditCards.name })
      .from(creditCards)
      .where(and(eq(creditCards.id, input.intoCardId), eq(creditCards.isUserAdded, false)))
      .get(),
  ]);
  if (!into || into.id === card.id) {
    throw new DomainError(400, CARD_REVIEW_MESSAGES.targetNotFound, {
      intoCardId: CARD_REVIEW_MESSAGES.targetNotFound,
    });
  }
  const moving = await referralsOf(ctx, card.id);
  const now = new Date();
  await db.batch([
    db
      .update(referrals)
      .set({ isActive: false, updatedAt: now })
      .where(
        and(
          eq(referrals.creditCardId, card.id),
          eq(referrals.isActive, true),
          sql`EXISTS (SELECT 1 FROM ${referrals} AS other WHERE other.referrer_id = ${referrals.referrerId}
            AND other.credit_card_id = ${into.id} AND other.is_active = 1)`,
        ),
      ),
    db
      .update(referrals)
      .set({ creditCardId: into.id, linkVettedAt: null, updatedAt: now })
      .where(eq(referrals.creditCardId, card.id)),
    db.update(applications).set({ creditCardId: into.id }).where(eq(applications.creditCardId, card.id)),
    db.delete(creditCards).where(and(eq(creditCards.id, card.id), eq(creditCards.isUserAdded, true))),
    auditEntry(db, ctx.actor, {
      action: "card.merge",
      targetType: "card",
      targetId: into.id,
      reason: `${card.name} merged in${input.reason ? `: ${input.reason}` : ""}`,
    }),
  ]);
  tellOwners(ctx, moving, `Your ${card.name} referral now belongs to ${into.name} in the catalogue.`);
  return { message: CARD_REVIEW_MESSAGES.merged(card.name, into.name, moving.length) };
}

function tellOwners(ctx: Ctx, rows: { id: string; referrerId: string }[], text: string) {
  purgeReferralPages(ctx, { referralIds: rows.map((row) => row.id) });
  for (const row of rows) ctx.waitUntil(noticeToReferrer(ctx, row.referrerId, { referralId: row.id, text }));
}

/** The catalogue's cards (not member-added), by issuer and name: where a member's card can be merged. */
export async function listMergeTargets(ctx: Pick<Ctx, "db" | "actor">) {
  assertAdmin(ctx.actor);
  return ctx.db
    .select({ id: creditCards.id, name: creditCards.name, issuer: creditCards.issuer })
    .from(creditCards)
    .where(eq(creditCards.isUserAdded, false))
    .orderBy(creditCards.issuer, creditCards.name);
}
