/**
 * The rating prompt by email (docs/decisions/175, 180): once an application has its outcome, its
 * applicant is asked to confirm or change the first-impression rating of their review, linking to
 * the same prompt on My Applications. Nothing goes before the outcome, without a review, or once
 * the rating is confirmed; the key makes it once per application however often the status moves.
 */
import { and, eq } from "drizzle-orm";
import { applications, comments, creditCards } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { confirmRatingFormId } from "~/modules/comments/confirm-rating";
import { notify } from "~/modules/notifications/notify.server";
import { hasOutcome, VERIFIED_MESSAGES } from "./verified";

export const MY_APPLICATIONS_PATH = "/dashboard/my-applications";

/** Enqueues the prompt when the application has its outcome and an unconfirmed review; answers whether it did. */
export async function promptRatingConfirmation(ctx: Pick<Ctx, "db" | "notifications">, applicationId: string) {
  const row = await ctx.db
    .select({
      applicantId: applications.applicantId,
      referrerId: applications.referrerId,
      status: applications.status,
      cardName: creditCards.name,
      reviewId: comments.id,
      rating: comments.rating,
      confirmedAt: comments.ratingConfirmedAt,
    })
    .from(applications)
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .leftJoin(
      comments,
      and(
        eq(comments.referralId, applications.referralId),
        eq(comments.authorId, applications.applicantId),
        eq(comments.commentType, "applicantToReferrer"),
      ),
    )
    .where(eq(applications.id, applicationId))
    .get();
  if (!row?.reviewId || row.confirmedAt || !hasOutcome(row.status)) return false;
  return notify(ctx, {
    kind: "outcomes",
    userId: row.applicantId,
    key: `rating-prompt:${applicationId}`,
    // The review is of the referrer: the mail goes when their account does (ADR 153).
    aboutUserId: row.referrerId,
    content: {
      subject: `Cardshare: confirm your rating for the ${row.cardName} referral`,
      lines: [`Your ${row.cardName} application has its outcome.`, VERIFIED_MESSAGES.promptText(row.rating)],
      action: { path: `${MY_APPLICATIONS_PATH}#${confirmRatingFormId(applicationId)}`, label: "Confirm your rating" },
    },
  });
}
