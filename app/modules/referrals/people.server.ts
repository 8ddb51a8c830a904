/**
 * The people of referrals for /api answers (docs/product.md#paths: `peopleApplied`, `peopleSuccessful`,
 * `successfulApplicants`, `referrerReferralsCount`), read for a whole page of referrals in one
 * db.batch. Pages do not show them, so only the /api routes pay for them.
 *
 * Privacy: the referral's owner and admins see everyone who applied; anyone else sees the
 * applicants who show their applications (their profile's switch) and themselves. The referrer's
 * count follows the referrer's showReferrals switch, as on their profile.
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { SUCCESSFUL_STATUSES } from "../../../db/factories";
import { applications, referrals, users, type ApplicationStatus } from "../../../db/schema";
import type { Actor } from "~/core/actor";
import { requireActor, type Ctx } from "~/core/context.server";
import { referralCounts } from "~/modules/reputation/reputation.server";
import { visibleNames } from "~/modules/users/privacy";
import { nameColumns } from "~/modules/users/profile.server";
import { inIdList, newestInGroup } from "~/utils/keyset.server";
import type { PresentedReferral, ReferralPeople } from "./present";
import { runSearch, type SearchQuery } from "./search.server";

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
      ...nameColumns,
    })
    .from(ranked)
    .innerJoin(applications, eq(applications.id, ranked.id))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(sql`${ranked.rank} <= ${PEOPLE_LIMIT}`)
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

/** An applicant row of a referral's people, newest first. */
export interface ApplicantRow {
  referralId: string;
  applicantId: string;
  status: ApplicationStatus;
  username: string;
  firstName: string;
  lastName: string;
  showFullName: boolean;
}

/** What the referrer's count needs: how many referrals they have and whether they show them. */
export interface ReferrerCount {
  showReferrals: boolean;
  referralsCount: number;
}

/** A referral's people from its applicant rows and its referrer's count, as `viewer` may see them. */
export function peopleOf(
  referral: PresentedReferral,
  applicants: readonly ApplicantRow[],
  count: ReferrerCount | undefined,
  viewer: Actor,
): ReferralPeople {
  const successful = applicants.filter((row) => SUCCESSFUL_STATUSES.includes(row.status));
  const countVisible = viewer.isAdmin || referral.isOwner || count?.showReferrals;
  return {
    peopleApplied: applicants.map((row) => row.applicantId),
    peopleSuccessful: successful.map((row) => row.applicantId),
    successfulApplicants: successful.map((row) => ({
      _id: row.applicantId,
      username: row.username,
      name: visibleNames(row, row.applicantId === viewer.id).name,
    })),
    referrerReferralsCount: countVisible ? (count?.referralsCount ?? 0) : null,
  };
}

/**
 * The SQL (one column, JSON) of a referral's applicants as `viewer` may see them, newest first, at
 * most PEOPLE_LIMIT: for statements that read people beside the referral (the search, issue 20).
 * `referralId` and `referrerId` are the outer statement's columns.
 */
export function applicantsJsonSql(viewer: Actor, referralId: SQL, referrerId: SQL): SQL {
  const visible = viewer.isAdmin
    ? sql`1`
    : sql`(${referrerId} = ${viewer.id} OR u.show_applications = 1 OR a.applicant_id = ${viewer.id})`;
  return sql`(SELECT json_group_array(json_array(x.applicant_id, x.status, x.username, x.first_name, x.last_name, x.show_full_name))
    FROM (SELECT a.applicant_id, a.status, u.username, u.first_name, u.last_name, u.show_full_name
            FROM applications a JOIN users u ON u.id = a.applicant_id
           WHERE a.referral_id = ${referralId} AND ${visible}
           ORDER BY a.created_at DESC, a.id DESC LIMIT ${PEOPLE_LIMIT}) AS x)`;
}

/** The applicant rows of `applicantsJsonSql`'s JSON. */
export function applicantsFromJson(referralId: string, json: unknown): ApplicantRow[] {
  const rows = typeof json === "string" ? (JSON.parse(json) as unknown[][]) : [];
  return rows.map(([applicantId, status, username, firstName, lastName, showFullName]) => ({
    referralId,
    applicantId: String(applicantId),
    status: status as ApplicationStatus,
    username: String(username),
    firstName: String(firstName ?? ""),
    lastName: String(lastName ?? ""),
    showFullName: Boolean(showFullName),
  }));
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
  return list.map((referral) => ({
    ...referral,
    ...peopleOf(
      referral,
      applicants.filter((row) => row.referralId === referral._id),
      countOf.get(referral.referrer._id),
      viewer,
    ),
  }));
}

/**
 * The search with each referral's people (GET /api/referrals/card-refer/active): the applicants
 * and the referrer's count are read in the search's own statement (issue 20: the session, then
 * one trip), as `withPeople` would read them in a trip of its own.
 */
export async function searchReferralsWithPeople(ctx: Pick<Ctx, "db" | "actor">, query: SearchQuery) {
  const viewer = requireActor(ctx);
  const { result, rows } = await runSearch(
    ctx,
    query,
    sql`${applicantsJsonSql(viewer, sql`${referrals.id}`, sql`${referrals.referrerId}`)} AS "__applicants",
      ${users.showReferrals} AS "__showReferrals",
      (SELECT count(*) FROM referrals r2 WHERE r2.referrer_id = ${users.id}) AS "__referralsCount"`,
  );
  return {
    ...result,
    data: result.data.map((referral, index) => {
      const row = rows[index]!;
      return {
        ...referral,
        ...peopleOf(
          referral,
          applicantsFromJson(referral._id, row.__applicants),
          {
            showReferrals: Boolean(row.__showReferrals),
            referralsCount: Number(row.__referralsCount ?? 0),
          },
          viewer,
        ),
      };
    }),
  };
}

/** One referral with its people. */
export async function withPeopleOne<T extends PresentedReferral>(ctx: Pick<Ctx, "db" | "actor">, referral: T) {
  const [one] = await withPeople(ctx, [referral]);
  return one!;
}
