/** A referral's application counters, recomputed in the batch of whatever changed them. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { SUCCESSFUL_STATUSES } from "../../../db/factories";
import { alias } from "drizzle-orm/sqlite-core";
import { applications, referrals } from "../../../db/schema";

/** The referral's counters recomputed from its applications (run in the batch of the change). */
export function recountReferral(db: Db, referralId: string) {
  const a = alias(applications, "a");
  const ofThisReferral = sql`from ${applications} ${a} where ${a.referralId} = ${referrals.id}`;
  return db
    .update(referrals)
    .set({
      applicationsCount: sql`(select count(*) ${ofThisReferral})`,
      successfulCount: sql`(select count(*) ${ofThisReferral} and ${a.status} in ${SUCCESSFUL_STATUSES})`,
    })
    .where(eq(referrals.id, referralId));
}
