/**
 * The rating confirmed after the outcome (docs/decisions/175): the one write that makes a review
 * verified, with the referrer's average recomputed in its batch.
 */
import { eq, sql } from "drizzle-orm";
import { applications, comments } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { assertParty } from "~/modules/applications/access";
import { partyColumns } from "~/modules/applications/columns.server";
import { recomputeReferrerRating } from "~/modules/reputation/rating.server";
import { hasOutcome, VERIFIED_MESSAGES } from "~/modules/reputation/verified";

type MemberCtx = Pick<Ctx, "db" | "actor">;

/**
 * The applicant confirms (or changes) their review's rating once their application has its outcome
 * (docs/decisions/175): from then on the review is verified and counts in the referrer's average,
 * recomputed in the same batch. 403 for anyone but the applicant, 409 before the outcome, 404
 * without a review. Confirming again replaces the confirmed rating.
 */
export async function confirmRating(ctx: MemberCtx, input: { applicationId: string; rating: number }) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const application = await db
    .select({
      ...partyColumns,
      // Written out: a one-table select leaves its columns unqualified (see reputation.server.ts).
      reviewId: sql<string | null>`(select c.id from comments c where c.referral_id = applications.referral_id
        and c.author_id = applications.applicant_id and c.comment_type = 'applicantToReferrer')`,
    })
    .from(applications)
    .where(eq(applications.id, input.applicationId))
    .get();
  assertParty(actor, application, "applicantId", VERIFIED_MESSAGES.onlyApplicant);
  if (!hasOutcome(application.status)) throw new DomainError(409, VERIFIED_MESSAGES.needsOutcome);
  if (!application.reviewId) throw new DomainError(404, VERIFIED_MESSAGES.noReview);
  const now = new Date();
  await db.batch([
    db
      .update(comments)
      .set({ confirmedRating: input.rating, ratingConfirmedAt: now, applicationId: application.id, updatedAt: now })
      .where(eq(comments.id, application.reviewId)),
    recomputeReferrerRating(db, application.referrerId),
  ]);
  return { message: VERIFIED_MESSAGES.confirmed, reviewId: application.reviewId };
}
