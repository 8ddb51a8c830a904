/**
 * The people of referrals for /api answers (docs/product.md#paths: `peopleApplied`, `peopleSuccessful`,
 * `successfulApplicants`, `referrerReferralsCount`), read for a whole page of referrals in one
 * db.batch. Pages do not show them, so only the /api routes pay for them.
 *
 * Privacy: the referral's owner and admins see everyone who applied; anyone else sees the
 * applicants who show their applications (their profile's switch) and themselves. The referrer's
 * count follows the referrer's showReferrals switch, as on their profile.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { SUCCESSFUL_STATUSES } from "../../../db/factories";
import { applications, referrals, users } from "../../../db/schema";
import type { Actor } from "~/core/actor";
import { requireActor, type Ctx } from "~/core/context.server";
import { referralCounts } from "~/modules/reputation/reputation.server";
import { visibleNames } from "~/modules/users/privacy";
import { inIdList, newestInGroup } from "~/utils/keyset.server";
import type { PresentedReferral, ReferralPeople } from "./present";

/** The newest applicants listed per referral; the counts (applicationsCount) tell the full number. */
export const PEOPLE_LIMIT = 50;

function applicantsOf(db: Db, referralIds: readonly string[], viewer: Actor) {
  const visible = viewer.isAdmin
    ? undefined
    : or(
        eq(referrals.referrerId, viewer.id),
        eq(users.showApplications, true),
        eq(applications.applicantId, viewer.id),
      );
  const ranked = db
    .select({
      id: applications.id,
      rank: newestInGroup(applications.referralId, applications.createdAt, applications.id),
    })
    .from(applications)
    .innerJoin(referrals, eq(referrals.id, applications.referralId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(and(inIdList(applications.referralId, referralIds), visible))
    .as("ranked");
  return db
    .select({
      referralId: applications.referralId,
      applicantId: applications.applicantId,
      status: applications.status,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      showFullName: users.showFullName,
    })
    .from(ranked)
    .innerJoin(applications, eq(applications.id, ranked.id))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(sql`${ranked.rank} <= ${PEOPLE_LIMIT}`)
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

/** `list` with each referral's people as the acting member (`ctx.actor`) may see them. */
export async function withPeople<T extends PresentedReferral>(
  ctx: Pick<Ctx, "db" | "actor">,
  list: readonly T[],
): Promise<(T & ReferralPeople)[]> {
  const viewer = requireActor(ctx);
  const { db } = ctx;
  if (list.length === 0) return [];
  const referrerIds = [...new Set(list.map((referral) => referral.referrer._id))];
  const [applicants, counts] = await db.batch([
    applicantsOf(
      db,
      list.map((referral) => referral._id),
      viewer,
    ),
    referralCounts(db, referrerIds),
  ]);
  const countOf = new Map(counts.map((row) => [row.id, row]));
  return list.map((referral) => {
    const mine = applicants.filter((row) => row.referralId === referral._id);
    const successful = mine.filter((row) => SUCCESSFUL_STATUSES.includes(row.status));
    const count = countOf.get(referral.referrer._id);
    const countVisible = viewer.isAdmin || referral.isOwner || count?.showReferrals;
    return {
      ...referral,
      peopleApplied: mine.map((row) => row.applicantId),
      peopleSuccessful: successful.map((row) => row.applicantId),
      successfulApplicants: successful.map((row) => ({
        _id: row.applicantId,
        username: row.username,
        name: visibleNames(row, row.applicantId === viewer.id).name,
      })),
      referrerReferralsCount: countVisible ? (count?.referralsCount ?? 0) : null,
    };
  });
}

/** One referral with its people. */
export async function withPeopleOne<T extends PresentedReferral>(ctx: Pick<Ctx, "db" | "actor">, referral: T) {
  const [one] = await withPeople(ctx, [referral]);
  return one!;
}
