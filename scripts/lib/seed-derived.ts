/**
 * What the app derives from the demo's rows, written by the app's own statements so the seed never
 * restates a rule (issue 31): each review's stage (the outcomes domain), each
 * referrer's confirmed-outcome figures and rating. The statements are built against a stand-in D1
 * that hands back their text and values, which are inlined as SQL literals for `wrangler d1
 * execute --file` (our own values, never user input).
 */
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { recountOutcomes, reviewStageSql } from "../../app/modules/outcomes/counters.server";
import { recomputeReferrerRating } from "../../app/modules/reputation/rating.server";
import { statement } from "../../app/utils/d1-statement.server";
import { literal } from "../../db/seed/sql";

interface Recorded {
  sql: string;
  params: unknown[];
}

const recorder = { prepare: (text: string) => ({ bind: (...params: unknown[]) => ({ sql: text, params }) }) };
const db = drizzle(recorder as unknown as D1Database);

/** A recorded statement with its values written in, in order. */
function inline(recorded: Recorded): string {
  let index = 0;
  return `${recorded.sql.replace(/\?/g, () => literal(recorded.params[index++]))};`;
}
const text = (prepared: unknown) => inline(prepared as Recorded);

export interface ReviewedApplication {
  reviewId: string;
  applicationId: string;
  referralId: string;
  applicantId: string;
}

/** The statements to run after the rows are in: reviews first, then each referrer's figures. */
export function derivedStatements(input: { referrerIds: string[]; reviews: ReviewedApplication[] }): string[] {
  return [
    ...input.reviews.flatMap((review) => [
      text(
        statement(
          db,
          sql`update comments set stage = ${reviewStageSql(review.applicationId)} where id = ${review.reviewId}`,
        ),
      ),
    ]),
    ...input.referrerIds.flatMap((id) => [
      text(recountOutcomes(db, id)),
      inline(recomputeReferrerRating(db, id).toSQL()),
    ]),
  ];
}
