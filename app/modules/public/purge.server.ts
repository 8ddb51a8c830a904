/**
 * Which public pages a write changes (docs/decisions/062-edge-cache.md): a referral's /r page, its
 * card's page and the catalogue; a card's page with its referrals' /r pages. The paths are read
 * after the response (Services.purgePages runs in waitUntil), so a write waits for nothing.
 */
import { inArray, eq } from "drizzle-orm";
import { creditCards, referrals } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { shareImagePath } from "./share-image";

type PurgeCtx = Pick<Ctx, "db" | "purgePages">;

/** A card or referral page with its share image (docs/decisions/201), which shows the same data. */
const withImage = (path: string) => [path, shareImagePath(path)];

/** How many /r pages of one card a card edit drops at most (referrals_card_idx). */
const MAX_CARD_REFERRALS = 500;

/** After a referral changes (created, edited, closed, reopened, taken down, filled up). */
export function purgeReferralPages(ctx: PurgeCtx, input: { referralIds: string[] }) {
  if (!ctx.purgePages || input.referralIds.length === 0) return;
  const { db } = ctx;
  ctx.purgePages(async () => {
    const rows = await db
      .select({ code: referrals.code, slug: creditCards.slug })
      .from(referrals)
      .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
      .where(inArray(referrals.id, input.referralIds));
    return [
      "/cards",
      ...rows.flatMap((row) => [...withImage(`/cards/${row.slug}`), ...(row.code ? withImage(`/r/${row.code}`) : [])]),
    ];
  });
}

/** After a card changes (edited, listed, unlisted, deleted: pass its slug when the row is gone). */
export function purgeCardPages(ctx: PurgeCtx, input: { cardId: string; slug?: string }) {
  if (!ctx.purgePages) return;
  const { db } = ctx;
  ctx.purgePages(async () => {
    const [card, codes] = await Promise.all([
      db.select({ slug: creditCards.slug }).from(creditCards).where(eq(creditCards.id, input.cardId)).get(),
      db
        .select({ code: referrals.code })
        .from(referrals)
        .where(eq(referrals.creditCardId, input.cardId))
        .limit(MAX_CARD_REFERRALS),
    ]);
    const slug = card?.slug ?? input.slug;
    return [
      "/cards",
      ...(slug ? withImage(`/cards/${slug}`) : []),
      ...codes.flatMap((row) => (row.code ? withImage(`/r/${row.code}`) : [])),
    ];
  });
}
