/**
 * The reviews a referral page shows (docs/decisions/175): its own, or the referrer's latest from
 * their other referrals while it has none, so a new referral is not read as "no reviews".
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { comments, referrals } from "../../../db/schema";
import type { Actor } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { listReferralComments, threadsWhere } from "./comments.server";

/** How many of the referrer's other reviews a referral page without its own shows. */
export const OTHER_REVIEWS_SHOWN = 5;

/**
 * The referral page's reviews: its own (listReferralComments), or, when it has none yet, the
 * referrer's latest reviews from their other referrals (`own: false`, labelled so on the page).
 */
export async function referralPageReviews(
  ctx: Pick<Ctx, "db"> & { actor: Pick<Actor, "id"> | null },
  input: { referralId: string },
) {
  const own = await listReferralComments(ctx, input);
  if (own.some((comment) => comment.commentType === "applicantToReferrer")) return { own: true, comments: own };
  const siblings = ctx.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, sql`(select r.referrer_id from referrals r where r.id = ${input.referralId})`),
        sql`${referrals.id} <> ${input.referralId}`,
      ),
    );
  const others = await threadsWhere(
    ctx.db,
    inArray(comments.referralId, siblings),
    ctx.actor?.id ?? null,
    undefined,
    OTHER_REVIEWS_SHOWN,
  );
  return { own: false, comments: others };
}
