/**
 * The card catalogue's rules: admins keep every card (create, edit, deactivate, delete when no
 * referral uses it); members see active cards and add their own ('Other (Not Listed)'), live at
 * once for themselves and listed for admins to review. HTML routes and /api call these.
 */
import { and, asc, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { creditCards, referrals } from "../../../db/schema";
import { assertAdmin, type Actor } from "~/core/actor";
import { requireActor, type Ctx } from "~/core/context.server";
import { createdKeyOf, decodeCreatedCursor, decodeCursor, olderThan, PAGE_SIZE, toPage } from "~/utils/keyset.server";
import { startsWith } from "~/utils/prefix.server";
import { DomainError } from "~/core/errors";
import { createId } from "../../../db/id";
import { visibleTo } from "./catalog.server";
import { newCardSlug } from "./slug.server";
import { purgeCardPages } from "~/modules/public/purge.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { CARD_MESSAGES, memberCardFields, type CardInput, type CardSort, type NewCardInput } from "./schemas";

const { createdById: _createdById, ...cardColumns } = getTableColumns(creditCards);
const selectCards = (db: Db) => db.select(cardColumns).from(creditCards);
/** What the catalogue needs: the database and who is acting (a visitor when null). */
type CardCtx = Pick<Ctx, "db" | "actor" | "purgePages">;

export type CardRecord = Awaited<ReturnType<ReturnType<typeof selectCards>["all"]>>[number];

/** Admins see every card; everyone else what the picker shows (active, plus their own). */
const readableBy = (actor: Actor | null) => (actor?.isAdmin ? undefined : visibleTo(actor?.id ?? null));

/** Cards whose name starts with `q` (any case): a range on credit_cards_name_lower_idx. */
const nameStarts = (q: string | null | undefined) => {
  const prefix = q?.trim().toLowerCase();
  return prefix ? startsWith(sql`lower(${creditCards.name})`, prefix) : undefined;
};

/** Each order's columns, keyset condition and cursor parts. */
const ORDERS = {
  // credit_cards_issuer_idx (issuer, name).
  issuer: {
    orderBy: [asc(creditCards.issuer), asc(creditCards.name), asc(creditCards.id)],
    after: (cursor: string | null | undefined) => {
      const key = decodeCursor(cursor, ["string", "string", "string"] as const);
      return key
        ? sql`(${creditCards.issuer}, ${creditCards.name}, ${creditCards.id}) > (${key[0]}, ${key[1]}, ${key[2]})`
        : undefined;
    },
    keyOf: (row: CardRecord) => [row.issuer, row.name, row.id],
  },
  // credit_cards_name_lower_idx (lower(name), id).
  name: {
    orderBy: [asc(sql`lower(${creditCards.name})`), asc(creditCards.id)],
    after: (cursor: string | null | undefined) => {
      const key = decodeCursor(cursor, ["string", "string"] as const);
      return key ? sql`(lower(${creditCards.name}), ${creditCards.id}) > (${key[0]}, ${key[1]})` : undefined;
    },
    keyOf: (row: CardRecord) => [row.name.toLowerCase(), row.id],
  },
  // credit_cards_created_idx (created_at, id), newest first.
  newest: {
    orderBy: [desc(creditCards.createdAt), desc(creditCards.id)],
    after: (cursor: string | null | undefined) =>
      olderThan(creditCards.createdAt, creditCards.id, decodeCreatedCursor(cursor)),
    keyOf: (row: CardRecord) => createdKeyOf(row),
  },
} satisfies Record<CardSort, unknown>;

/**
 * One page of cards in the chosen order (issuer then name by default), optionally one issuer's
 * only and those whose name starts with `q`. Keyset pages; a cursor of another order is ignored
 * (first page).
 */
export async function listCards(
  ctx: CardCtx,
  options: {
    issuer?: string | null;
    q?: string | null;
    sort?: CardSort;
    cursor?: string | null;
    limit?: number;
  } = {},
) {
  const { db, actor } = ctx;
  const limit = options.limit ?? PAGE_SIZE;
  const order = ORDERS[options.sort ?? "issuer"];
  const rows = await selectCards(db)
    .where(
      and(
        readableBy(actor),
        options.issuer ? eq(creditCards.issuer, options.issuer) : undefined,
        nameStarts(options.q),
        order.after(options.cursor),
      ),
    )
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  return toPage(rows, limit, order.keyOf);
}

/** How many cards a filter finds (the admin list's count; an index-only count). */
export async function countCards(ctx: CardCtx, input: { issuer?: string | null; q?: string | null } = {}) {
  assertAdmin(ctx.actor);
  const { issuer } = input;
  const row = await ctx.db
    .select({ total: count() })
    .from(creditCards)
    .where(and(issuer ? eq(creditCards.issuer, issuer) : undefined, nameStarts(input.q)))
    .get();
  return row?.total ?? 0;
}

/**
 * The distinct issuers, sorted, for the admin filter. A recursive skip-scan: each step is one
 * index seek (credit_cards_issuer_idx) to the next issuer, so it reads one row per issuer, not one
 * per card.
 */
export async function listIssuers(ctx: CardCtx) {
  assertAdmin(ctx.actor);
  const rows = await ctx.db.all<{ issuer: string }>(sql`
    WITH RECURSIVE issuers(issuer) AS (
      SELECT min(issuer) FROM credit_cards
      UNION ALL
      SELECT (SELECT min(issuer) FROM credit_cards WHERE issuer > issuers.issuer) FROM issuers
      WHERE issuers.issuer IS NOT NULL
    )
    SELECT issuer FROM issuers WHERE issuer IS NOT NULL LIMIT 1000`);
  return rows.map((row) => row.issuer);
}

/** The readable cards grouped by issuer, issuers sorted (one issuer's only when given). */
export async function listCardsByIssuer(ctx: CardCtx, input: { issuer?: string | null } = {}) {
  const { issuer } = input;
  const rows = await selectCards(ctx.db)
    .where(and(readableBy(ctx.actor), issuer ? eq(creditCards.issuer, issuer) : undefined))
    .orderBy(asc(creditCards.issuer), asc(creditCards.name))
    .limit(2000);
  // A Map, not an object: an issuer may be named like an Object.prototype key ("constructor").
  const byIssuer = new Map<string, CardRecord[]>();
  for (const row of rows) {
    const cards = byIssuer.get(row.issuer);
    if (cards) cards.push(row);
    else byIssuer.set(row.issuer, [row]);
  }
  return byIssuer;
}

/** One card the actor may read, or a 404. */
export async function getCard(ctx: CardCtx, input: { cardId: string }) {
  const card = await selectCards(ctx.db)
    .where(and(eq(creditCards.id, input.cardId), readableBy(ctx.actor)))
    .get();
  if (!card) throw new DomainError(404, CARD_MESSAGES.notFound);
  return card;
}

/** How many referrals use each of these cards (index referrals_card_idx): the admin list's column. */
export async function countReferralsByCard(ctx: CardCtx, input: { cardIds: string[] }) {
  assertAdmin(ctx.actor);
  const { cardIds } = input;
  if (cardIds.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ cardId: referrals.creditCardId, total: count() })
    .from(referrals)
    .where(sql`${referrals.creditCardId} IN ${cardIds}`)
    .groupBy(referrals.creditCardId);
  return new Map(rows.map((row) => [row.cardId, row.total]));
}

/** A new card's row with its id and public slug (docs/product.md#card-pages). */
function withSlug<T extends { name: string }>(row: T) {
  const id = createId();
  return { ...row, id, slug: newCardSlug(row.name, id) };
}

/** An admin adds a card to the catalogue (isUserAdded false). */
export async function createCard(ctx: CardCtx, input: CardInput) {
  const { actor } = ctx;
  assertAdmin(actor);
  const [card] = await ctx.db
    .insert(creditCards)
    .values(withSlug({ ...input, isUserAdded: false, createdById: actor.id }))
    .returning(cardColumns);
  await recordAudit(ctx, { action: "card.create", targetType: "card", targetId: card.id });
  return card;
}

/**
 * A member adds a card that is not listed: only what a member knows, visible to its creator alone
 * and inactive until an admin approves or merges it in /admin/review (docs/decisions/155).
 */
export async function createUserCard(ctx: CardCtx, input: NewCardInput) {
  const actor = requireActor(ctx);
  const [card] = await ctx.db
    .insert(creditCards)
    .values(withSlug({ ...memberCardFields(input), active: false, isUserAdded: true, createdById: actor.id }))
    .returning(cardColumns);
  return card;
}

/** An admin replaces a card's fields (the full payload; the user-added flag stays). */
export async function updateCard(ctx: CardCtx, input: { cardId: string; card: CardInput }) {
  assertAdmin(ctx.actor);
  const [card] = await ctx.db
    .update(creditCards)
    .set({ ...input.card, updatedAt: new Date() })
    .where(eq(creditCards.id, input.cardId))
    .returning(cardColumns);
  if (!card) throw new DomainError(404, CARD_MESSAGES.notFound);
  purgeCardPages(ctx, { cardId: input.cardId });
  await recordAudit(ctx, { action: "card.update", targetType: "card", targetId: card.id });
  return card;
}

/** Inactive cards leave members' pickers and search; referrals made with them keep them. */
export async function setCardActive(ctx: CardCtx, input: { cardId: string; active: boolean }) {
  assertAdmin(ctx.actor);
  const [card] = await ctx.db
    .update(creditCards)
    .set({ active: input.active, updatedAt: new Date() })
    .where(eq(creditCards.id, input.cardId))
    .returning({ id: creditCards.id });
  if (!card) throw new DomainError(404, CARD_MESSAGES.notFound);
  purgeCardPages(ctx, { cardId: input.cardId });
  await recordAudit(ctx, {
    action: "card.update",
    targetType: "card",
    targetId: card.id,
    reason: input.active ? "Activated" : "Deactivated",
  });
}

/**
 * Deletes a card no referral uses. A card with referrals is refused (409, code CARD_HAS_REFERRALS)
 * so their history is never orphaned; the foreign key (ON DELETE RESTRICT) backs the check when a
 * referral is created between the count and the delete.
 */
export async function deleteCard(ctx: CardCtx, input: { cardId: string; reason?: string }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const { cardId } = input;
  const used = (await countReferralsByCard(ctx, { cardIds: [cardId] })).get(cardId) ?? 0;
  if (used > 0) throw new DomainError(409, CARD_MESSAGES.hasReferrals(used), undefined, "CARD_HAS_REFERRALS");
  let deleted: { id: string; slug: string }[];
  try {
    deleted = await db
      .delete(creditCards)
      .where(eq(creditCards.id, cardId))
      .returning({ id: creditCards.id, slug: creditCards.slug });
  } catch (error) {
    if (String(error).includes("FOREIGN KEY")) {
      throw new DomainError(409, CARD_MESSAGES.hasReferrals(1), undefined, "CARD_HAS_REFERRALS");
    }
    throw error;
  }
  if (deleted.length === 0) throw new DomainError(404, CARD_MESSAGES.notFound);
  purgeCardPages(ctx, { cardId, slug: deleted[0].slug });
  await recordAudit(ctx, { action: "card.delete", targetType: "card", targetId: cardId, reason: input.reason });
}
