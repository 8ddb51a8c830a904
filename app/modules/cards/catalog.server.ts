/**
 * Reading the card catalogue as members see it: active cards only, plus the cards a member added
 * themselves (live for their creator at once, reviewed by admins in /admin/creditcards).
 */
import { and, asc, eq, or, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { creditCards, rewardValuations } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import type { Read } from "~/core/d1-reads.server";
import { preparedSelect, statement } from "~/utils/d1-statement.server";

export const pickerCardColumns = {
  id: creditCards.id,
  name: creditCards.name,
  issuer: creditCards.issuer,
  category: creditCards.category,
  annualFee: creditCards.annualFee,
  hasVariousReferrerBonus: creditCards.hasVariousReferrerBonus,
  referralBonusAmount: creditCards.referralBonusAmount,
  referralBonusUnit: creditCards.referralBonusUnit,
  maxReferCount: creditCards.maxReferCount,
  imageUrl: creditCards.imageUrl,
  isUserAdded: creditCards.isUserAdded,
  /** The card's rewards program and its value per point (docs/decisions/185): the share's amount. */
  centsPerPoint: rewardValuations.centsPerPoint,
  program: rewardValuations.program,
};

const selectPickerCards = (db: Db) =>
  db
    .select(pickerCardColumns)
    .from(creditCards)
    .leftJoin(rewardValuations, eq(rewardValuations.id, creditCards.rewardsProgramId));

/**
 * Which cards a member may see: admin-kept active cards, and user-added ones only by their creator
 * (also while they wait for review, inactive: the creator edits their referral on it).
 */
export function visibleTo(viewerId: string | Placeholder | null) {
  const listed = and(eq(creditCards.active, true), eq(creditCards.isUserAdded, false));
  if (!viewerId) return listed;
  return or(
    listed,
    and(eq(creditCards.createdById, viewerId), or(eq(creditCards.active, true), eq(creditCards.isUserAdded, true))),
  );
}

/** The picker's cards as a member sees them (their own cards too), built once per isolate. */
const pickerIssuers = preparedSelect((db) =>
  db
    .select({ id: creditCards.id, issuer: creditCards.issuer })
    .from(creditCards)
    .where(visibleTo(sql.placeholder("viewerId")))
    .orderBy(asc(creditCards.issuer), asc(creditCards.name)),
);

/**
 * The issuers a member can pick, sorted, each with its cards' ids in name order: /refer's first
 * step (two columns of the catalogue; a card's details come with its issuer, listIssuerPickerCards).
 * A read to batch with the page's other reads (/refer: My Referrals); it groups its rows.
 */
export function pickerIssuersRead(ctx: Pick<Ctx, "db" | "actor">): Read<{ issuer: string; cardIds: string[] }[]> {
  return {
    statement: pickerIssuers.bind(ctx.db, { viewerId: requireActor(ctx).id }),
    decode: (result) => {
      const byIssuer = new Map<string, string[]>();
      for (const row of pickerIssuers.decode(result)) {
        const cardIds = byIssuer.get(row.issuer);
        if (cardIds) cardIds.push(row.id);
        else byIssuer.set(row.issuer, [row.id]);
      }
      return [...byIssuer].map(([issuer, cardIds]) => ({ issuer, cardIds }));
    },
  };
}

/** The cards of one issuer a member can pick, by name: /refer's details and preview. */
export function listIssuerPickerCards(ctx: Pick<Ctx, "db" | "actor">, issuer: string) {
  return selectPickerCards(ctx.db)
    .where(and(eq(creditCards.issuer, issuer), visibleTo(ctx.actor?.id ?? null)))
    .orderBy(asc(creditCards.name));
}

/** One card a member may use, or undefined when it is unknown, inactive or someone else's own card. */
export async function findVisibleCard(db: Db, cardId: string, viewerId: string | null) {
  return selectPickerCards(db)
    .where(and(eq(creditCards.id, cardId), visibleTo(viewerId)))
    .get();
}

/**
 * The issuers of the active cards, sorted: /apply's issuer filter (read in the search's batch). A skip scan of
 * credit_cards_active_issuer_idx (one seek per issuer), so it costs as many rows as there are issuers.
 */
export function activeIssuersRead(ctx: Pick<Ctx, "db">): Read<string[]> {
  return {
    statement: statement(
      ctx.db,
      sql`WITH RECURSIVE issuers(issuer) AS (
         SELECT min(${creditCards.issuer}) FROM ${creditCards} WHERE ${creditCards.active} = 1
         UNION ALL
         SELECT (SELECT min(${creditCards.issuer}) FROM ${creditCards}
                  WHERE ${creditCards.active} = 1 AND ${creditCards.issuer} > issuers.issuer)
           FROM issuers
          WHERE issuers.issuer IS NOT NULL
       )
       SELECT issuer FROM issuers WHERE issuer IS NOT NULL LIMIT 200`,
    ),
    decode: (rows) => rows.results.map((row) => String(row.issuer)),
  };
}
