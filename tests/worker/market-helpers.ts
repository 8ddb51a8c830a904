import { eq } from "drizzle-orm";
import {
  makeApplication,
  makeCard,
  makeReferral,
  type NewApplication,
  type NewReferral,
  type NewUser,
} from "../../db/factories";
import { applications, creditCards, referrals, users } from "../../db/schema";
import { createSignedInUser, postPageForm, testDb } from "./helpers";

/** A referrer with one referral, and an applicant who applied through it (all signed in). */
export async function createMarket(
  options: { referrer?: Partial<NewUser>; application?: Partial<NewApplication>; referral?: Partial<NewReferral> } = {},
) {
  const db = testDb();
  const referrer = await createSignedInUser(options.referrer);
  const applicant = await createSignedInUser();
  const card = makeCard();
  await db.insert(creditCards).values(card);
  const referral = makeReferral(referrer.user.id, card.id, { applicationsCount: 1, ...options.referral });
  await db.insert(referrals).values(referral);
  const application = makeApplication(referral, applicant.user.id, options.application);
  await db.insert(applications).values(application);
  return { referrer, applicant, card, referral, application };
}

/** Another application to an existing referral by a new signed-in applicant. */
export async function addApplicant(referral: NewReferral, overrides: Partial<NewApplication> = {}) {
  const applicant = await createSignedInUser();
  const application = makeApplication(referral, applicant.user.id, overrides);
  await testDb().insert(applications).values(application);
  return { applicant, application };
}

export async function reputationOf(userId: string) {
  return testDb()
    .select({ rating: users.rating, reviewCount: users.reviewCount })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/** The applicant confirms (or changes) their rating after the outcome: the page's plain form post. */
export function confirmRating(applicant: { cookie: string }, applicationId: string, rating: number) {
  return postPageForm(
    "/comments",
    applicant.cookie,
    {
      intent: "confirm-rating",
      applicationId,
      rating: String(rating),
      redirectTo: "/dashboard/my-applications",
    },
    { "Sec-Fetch-Mode": "navigate" },
  );
}

export async function countersOf(referralId: string) {
  return testDb()
    .select({ applicationsCount: referrals.applicationsCount, successfulCount: referrals.successfulCount })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
}

/** A referral's public code (set by the insert's default). */
export async function codeOf(referralId: string) {
  const row = await testDb().select({ code: referrals.code }).from(referrals).where(eq(referrals.id, referralId)).get();
  return row!.code!;
}
