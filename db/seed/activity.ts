/**
 * Ninety days of market activity for the demo (issue 31, docs/product.md#demo-data): more members
 * who apply, and for each live demo referral its views and link clicks day by day, applications
 * through it, approvals, both sides' bonus steps, shares paid and confirmed, and reviews written
 * after those outcomes. Relative to the day it is loaded (`now`) and repeatable (a seeded
 * generator), so a fresh machine's landing, catalogue and analytics look like a market.
 *
 * The rows go through the same tables and columns the app writes (applications, their outcome
 * steps, comments, referral_daily), and the daily rollups add up exactly what the rows say (an
 * application on its day, an approval on its approval's day, a confirmed success on its
 * approval's day, a share on the day it was confirmed received: ADR 172, 173). What the app
 * derives from them (reputation figures, ratings, verified reviews) is left to the app's own
 * statements (scripts/lib/seed-derived.ts), run after the rows are in.
 */
import {
  between,
  makeApplication,
  makeComment,
  makeUser,
  pick,
  seededRng,
  type NewApplication,
  type NewComment,
  type NewReferral,
  type NewUser,
  type Rng,
  SUCCESSFUL_STATUSES,
} from "../factories";
import { OUTCOME_STATUSES } from "../enums";
import { createId } from "../id";
import type { applicationOutcomes, referralDaily } from "../schema";
import type { DemoData } from "./demo";

export type NewOutcome = typeof applicationOutcomes.$inferInsert & { id: string };
export type NewDailyRow = typeof referralDaily.$inferInsert;

export interface DemoActivity {
  /** Members who only apply (password DEMO_PASSWORD like the others). */
  users: NewUser[];
  applications: NewApplication[];
  outcomes: NewOutcome[];
  comments: NewComment[];
  daily: NewDailyRow[];
}

const DAY = 86_400_000;
/** How far back the activity goes, in UTC days counting today. */
export const ACTIVITY_DAYS = 90;

const APPLICANTS = [
  ["Liam", "Carter"],
  ["Maya", "Patel"],
  ["Noah", "Brooks"],
  ["Olivia", "Reyes"],
  ["Ethan", "Walsh"],
  ["Sofia", "Lind"],
  ["Lucas", "Moreau"],
  ["Amara", "Diallo"],
  ["Jonas", "Becker"],
  ["Priya", "Raman"],
  ["Mateo", "Silva"],
  ["Chloe", "Dubois"],
  ["Daniel", "Cohen"],
  ["Yuki", "Sato"],
  ["Hannah", "Moore"],
  ["Omar", "Aziz"],
  ["Zoe", "Fischer"],
  ["Samuel", "Osei"],
  ["Leah", "Novak"],
  ["Gabriel", "Costa"],
  ["Nina", "Berg"],
  ["Isaac", "Wright"],
  ["Elena", "Petrova"],
  ["Ryan", "Murphy"],
] as const;

const REVIEWS_AFTER_OUTCOME = [
  "Bonus posted on schedule and my share arrived a few days later. Exactly as promised.",
  "Approved in minutes; the referrer confirmed the bonus and paid my share by PayPal.",
  "Clear instructions, quick replies, and the split came through. Would use again.",
  "Took a little while for the share to arrive, but it was paid in full.",
  "Smooth from start to finish: link worked, bonus posted, share received.",
  "Straightforward. The referrer kept me updated on every step.",
];
const METHODS = ["PayPal", "Zelle", "Venmo", "Bank transfer"];

/** A Poisson draw (Knuth), for counts of views on a day. */
function poisson(rng: Rng, mean: number) {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rng(); product > limit; product *= rng()) count++;
  return count;
}

const binomial = (rng: Rng, trials: number, p: number) => {
  let count = 0;
  for (let index = 0; index < trials; index++) if (rng() < p) count++;
  return count;
};

/** The promise an application copies from its referral when made (apply.server.ts). */
function promiseOf(referral: NewReferral, cards: DemoData["cards"]) {
  const card = cards.find((candidate) => candidate.id === referral.creditCardId)!;
  const special = (referral.specialReferrerBonusAmount ?? 0) > 0;
  return {
    promisedSharePercent: referral.sharingBenefitPortion ?? 0,
    promisedBonusAmount: special ? referral.specialReferrerBonusAmount! : (card.referralBonusAmount ?? 0),
    promisedBonusUnit: special ? (referral.specialReferrerBonusUnit ?? "USD") : (card.referralBonusUnit ?? "USD"),
  };
}

/**
 * Builds the activity on top of `demo` (as buildDemoData made it with the same `now`). Updates the
 * demo referrals' application counters and the demo applications' approval times to match.
 */
export function buildDemoActivity(demo: DemoData, passwordHash: string, now: Date): DemoActivity {
  // One generator per referral (below), so only today's part of the day changes from hour to hour.
  let rng = seededRng(31);
  const nowMs = now.getTime();
  const today = Math.floor(nowMs / DAY);
  const firstDay = today - ACTIVITY_DAYS + 1;
  const at = (day: number) => day * DAY + between(rng, 8 * 3600, 22 * 3600) * 1000;

  const users = APPLICANTS.map(([firstName, lastName], index) => {
    const createdAt = new Date(nowMs - (95 + index * 4) * DAY);
    return makeUser({
      username: `${firstName}${lastName[0]}`.toLowerCase(),
      email: `${firstName.toLowerCase()}@cardshare.local`,
      firstName,
      lastName,
      passwordHash,
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  });
  const members = [...demo.users.filter((user) => !user.isAdmin), ...users];

  const daily = new Map<string, NewDailyRow>();
  const bump = (
    referral: NewReferral,
    atMs: number,
    counter: Exclude<keyof NewDailyRow, "referralId" | "referrerId" | "day">,
    by = 1,
  ) => {
    const day = Math.floor(atMs / DAY);
    if (day < firstDay || by === 0) return;
    const key = `${referral.id}:${day}`;
    const row = daily.get(key) ?? { referralId: referral.id, referrerId: referral.referrerId, day };
    row[counter] = (row[counter] ?? 0) + by;
    daily.set(key, row);
  };

  // The demo's own applications count too: each on its day, an approval on its move into Successful.
  for (const application of demo.applications) {
    const referral = demo.referrals.find((candidate) => candidate.id === application.referralId)!;
    bump(referral, application.createdAt!.getTime(), "applications");
    bump(referral, application.createdAt!.getTime(), "clicks");
    if (SUCCESSFUL_STATUSES.includes(application.status!)) {
      application.approvedAt = application.updatedAt;
      bump(referral, application.updatedAt!.getTime(), "approvals");
    }
  }

  const applications: NewApplication[] = [];
  const outcomes: NewOutcome[] = [];
  const comments: NewComment[] = [];
  const step = (
    application: NewApplication,
    name: NewOutcome["step"],
    atMs: number,
    extra: Partial<NewOutcome> = {},
  ) => {
    const byReferrer = name === "bonus-posted" || name === "share-paid";
    const actorId = byReferrer ? application.referrerId : application.applicantId;
    outcomes.push({
      id: createId(),
      applicationId: application.id,
      referrerId: application.referrerId,
      step: name,
      actorId,
      createdAt: new Date(atMs),
      ...extra,
    });
  };

  for (const [position, referral] of demo.referrals.entries()) {
    if (!referral.isActive) continue;
    rng = seededRng(31 + position);
    // Some referrals draw a crowd, most a steady few, some little.
    const pull = pick(rng, [0.4, 0.7, 1, 1, 1.3, 1.8, 2.6]);
    const applied = new Set(
      demo.applications.filter((application) => application.referralId === referral.id).map((a) => a.applicantId),
    );
    const promise = promiseOf(referral, demo.cards);
    const start = Math.max(firstDay, Math.floor(referral.createdAt!.getTime() / DAY) + 1);
    for (let day = start; day <= today; day++) {
      const growth = 0.55 + (0.65 * (day - firstDay)) / ACTIVITY_DAYS;
      const weekday = new Date(day * DAY).getUTCDay();
      const week = weekday === 0 || weekday === 6 ? 0.7 : 1;
      const part = day === today ? (nowMs - today * DAY) / DAY : 1;
      const views = poisson(rng, 6 * pull * growth * week * part);
      const clicks = binomial(rng, views, 0.24);
      bump(referral, day * DAY, "views", views);
      bump(referral, day * DAY, "clicks", clicks);
      const count = binomial(rng, clicks, 0.07);
      for (let index = 0; index < count; index++) {
        const candidates = members.filter((member) => member.id !== referral.referrerId && !applied.has(member.id));
        if (candidates.length === 0) break;
        const applicant = pick(rng, candidates);
        applied.add(applicant.id);
        const createdMs = Math.min(at(day), nowMs - 60_000);
        applications.push(lifecycle(referral, applicant, createdMs, promise));
      }
    }
    const mine = applications.filter((application) => application.referralId === referral.id);
    referral.applicationsCount = (referral.applicationsCount ?? 0) + mine.length;
    referral.successfulCount =
      (referral.successfulCount ?? 0) + mine.filter((a) => SUCCESSFUL_STATUSES.includes(a.status!)).length;
  }

  return { users, applications, outcomes, comments, daily: [...daily.values()] };

  /** One application from applying to, when its time has come, a review of how it went. */
  function lifecycle(
    referral: NewReferral,
    applicant: NewUser,
    createdMs: number,
    promise: ReturnType<typeof promiseOf>,
  ): NewApplication {
    const application = makeApplication(referral, applicant.id, {
      ...promise,
      status: "pending",
      createdAt: new Date(createdMs),
      updatedAt: new Date(createdMs),
    });
    bump(referral, createdMs, "applications");
    const fate = rng();
    const decidedMs = createdMs + between(rng, 1, 9) * DAY + between(rng, 0, 8) * 3600_000;
    if (decidedMs > nowMs) {
      application.status = rng() < 0.5 ? "pending" : "submitted";
      return application;
    }
    application.updatedAt = new Date(decidedMs);
    if (fate < 0.08) {
      application.status = "cancelled";
      return application;
    }
    if (fate < 0.22) {
      application.status = "denied";
      return application;
    }
    application.status = "successful";
    application.approvedAt = new Date(decidedMs);
    bump(referral, decidedMs, "approvals");

    // The issuer pays the referrer's bonus weeks later; both sides say so.
    const postedMs = decidedMs + between(rng, 8, 30) * DAY + between(rng, 0, 10) * 3600_000;
    if (postedMs > nowMs) return application;
    step(application, "bonus-posted", postedMs);
    const receivedMs = postedMs + between(rng, 2, 60) * 3600_000;
    if (receivedMs > nowMs || rng() < 0.08) return application;
    step(application, "bonus-received", receivedMs);
    bump(referral, decidedMs, "successes");
    let lastMs = receivedMs;
    if (promise.promisedSharePercent > 0) {
      const paidMs = postedMs + between(rng, 1, 9) * DAY + between(rng, 0, 10) * 3600_000;
      if (paidMs > nowMs) return application;
      const amount = Math.round(promise.promisedBonusAmount * promise.promisedSharePercent) / 100;
      step(application, "share-paid", paidMs, { amount, method: pick(rng, METHODS) });
      const confirmedMs = paidMs + between(rng, 2, 40) * 3600_000;
      if (confirmedMs > nowMs) return application;
      step(application, "share-received", confirmedMs, { daysToPay: (paidMs - postedMs) / DAY });
      bump(referral, confirmedMs, "sharesPaid");
      lastMs = confirmedMs;
    }
    application.updatedAt = new Date(lastMs);
    // Most applicants review once the outcome is settled.
    const reviewMs = lastMs + between(rng, 1, 48) * 3600_000;
    if (reviewMs <= nowMs && rng() < 0.75) {
      const comment = pick(rng, REVIEWS_AFTER_OUTCOME);
      const rating = pick(rng, [5, 5, 5, 4, 4, 3]);
      const at = new Date(reviewMs);
      // Written once the outcome is in, the rating is the confirmed one (docs/decisions/175).
      const confirmed = (OUTCOME_STATUSES as readonly string[]).includes(application.status!)
        ? { confirmedRating: rating, ratingConfirmedAt: at }
        : {};
      comments.push(
        makeComment(referral.id, applicant.id, {
          applicationId: application.id,
          comment,
          rating,
          createdAt: at,
          updatedAt: at,
          ...confirmed,
        }),
      );
    }
    return application;
  }
}
