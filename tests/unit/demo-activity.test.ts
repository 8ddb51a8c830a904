import { describe, expect, it } from "vitest";
import { SUCCESSFUL_STATUSES } from "../../db/factories";
import { ACTIVITY_DAYS, buildDemoActivity } from "../../db/seed/activity";
import { buildDemoData } from "../../db/seed/demo";

const DAY = 86_400_000;
const now = new Date("2027-03-10T15:30:00Z");
const build = () => {
  const demo = buildDemoData("hash", now);
  return { demo, activity: buildDemoActivity(demo, "hash", now) };
};
const { demo, activity } = build();
const dayOf = (date: Date | null | undefined) => Math.floor(date!.getTime() / DAY);
const today = dayOf(now);
const stepsOf = (applicationId: string) =>
  new Map(activity.outcomes.filter((o) => o.applicationId === applicationId).map((o) => [o.step, o]));

describe("the demo's 90 days of activity", () => {
  it("looks like a market: every live referral has days of views and clicks, many applications and outcomes", () => {
    const live = demo.referrals.filter((referral) => referral.isActive);
    for (const referral of live) {
      const days = activity.daily.filter((row) => row.referralId === referral.id && (row.views ?? 0) > 0);
      expect(days.length, referral.id).toBeGreaterThan(20);
    }
    expect(activity.applications.length).toBeGreaterThan(100);
    const steps = new Set(activity.outcomes.map((outcome) => outcome.step));
    expect(steps).toEqual(new Set(["bonus-posted", "bonus-received", "share-paid", "share-received"]));
    expect(activity.comments.length).toBeGreaterThan(20);
  });

  it("lies within the 90 days before it is loaded, and is the same for the same day", () => {
    for (const row of activity.daily) {
      expect(row.day).toBeGreaterThan(today - ACTIVITY_DAYS);
      expect(row.day).toBeLessThanOrEqual(today);
    }
    const times = [
      ...activity.applications.flatMap((a) => [a.createdAt!, a.updatedAt!]),
      ...activity.outcomes.map((o) => o.createdAt!),
      ...activity.comments.map((c) => c.createdAt!),
    ];
    for (const time of times) expect(time.getTime()).toBeLessThanOrEqual(now.getTime());
    const again = build().activity;
    expect(again.daily.map((row) => [row.day, row.views, row.clicks])).toEqual(
      activity.daily.map((row) => [row.day, row.views, row.clicks]),
    );
    expect(again.applications.map((a) => a.status)).toEqual(activity.applications.map((a) => a.status));
  });

  it("adds up in the daily rollups exactly what the rows say (ADR 172, 173)", () => {
    const all = [...demo.applications, ...activity.applications];
    const expected = new Map<string, Record<string, number>>();
    const add = (referralId: string, day: number, key: string) => {
      if (day <= today - ACTIVITY_DAYS) return;
      const row = expected.get(`${referralId}:${day}`) ?? {};
      row[key] = (row[key] ?? 0) + 1;
      expected.set(`${referralId}:${day}`, row);
    };
    for (const application of all) {
      add(application.referralId, dayOf(application.createdAt), "applications");
      if (application.approvedAt) add(application.referralId, dayOf(application.approvedAt), "approvals");
      const steps = stepsOf(application.id);
      if (steps.has("bonus-posted") && steps.has("bonus-received")) {
        add(application.referralId, dayOf(application.approvedAt), "successes");
      }
      if (steps.has("share-received")) {
        add(application.referralId, dayOf(steps.get("share-received")!.createdAt), "sharesPaid");
      }
    }
    for (const row of activity.daily) {
      const want = expected.get(`${row.referralId}:${row.day}`) ?? {};
      for (const key of ["applications", "approvals", "successes", "sharesPaid"] as const) {
        expect(row[key] ?? 0, `${key} on ${row.day}`).toBe(want[key] ?? 0);
      }
      expect(row.clicks ?? 0).toBeGreaterThanOrEqual(row.applications ?? 0);
    }
    const rowKeys = new Set(activity.daily.map((row) => `${row.referralId}:${row.day}`));
    for (const key of expected.keys()) expect(rowKeys.has(key), key).toBe(true);
  });

  it("takes each application's steps in order, by the right side, with the promised share paid", () => {
    const referralOf = new Map(demo.referrals.map((referral) => [referral.id, referral]));
    const pairs = new Set<string>();
    for (const application of [...demo.applications, ...activity.applications]) {
      const pair = `${application.referralId}:${application.applicantId}`;
      expect(pairs.has(pair)).toBe(false);
      pairs.add(pair);
      expect(application.applicantId).not.toBe(referralOf.get(application.referralId)!.referrerId);
    }
    for (const application of activity.applications) {
      const steps = stepsOf(application.id);
      const time = (step: string) => steps.get(step as never)?.createdAt?.getTime();
      if (steps.size > 0) {
        expect(SUCCESSFUL_STATUSES).toContain(application.status);
        expect(time("bonus-posted")).toBeGreaterThan(application.approvedAt!.getTime());
        expect(steps.get("bonus-posted")!.actorId).toBe(application.referrerId);
      }
      if (steps.has("bonus-received")) expect(time("bonus-received")).toBeGreaterThan(time("bonus-posted")!);
      if (steps.has("share-paid")) {
        expect(application.promisedSharePercent).toBeGreaterThan(0);
        expect(steps.get("share-paid")!.amount).toBeCloseTo(
          (application.promisedBonusAmount! * application.promisedSharePercent!) / 100,
          2,
        );
        expect(time("share-paid")).toBeGreaterThan(time("bonus-posted")!);
      }
      if (steps.has("share-received")) {
        expect(time("share-received")).toBeGreaterThan(time("share-paid")!);
        expect(steps.get("share-received")!.actorId).toBe(application.applicantId);
      }
    }
  });

  it("has reviews only after an outcome both sides confirmed", () => {
    for (const review of activity.comments) {
      const application = activity.applications.find((a) => a.id === review.applicationId)!;
      expect(application.applicantId).toBe(review.authorId);
      const steps = stepsOf(application.id);
      expect(steps.has("bonus-received")).toBe(true);
      const last = Math.max(...[...steps.values()].map((step) => step.createdAt!.getTime()));
      expect(review.createdAt!.getTime()).toBeGreaterThan(last);
    }
  });

  it("keeps each referral's counters true to its applications", () => {
    const all = [...demo.applications, ...activity.applications];
    for (const referral of demo.referrals) {
      const mine = all.filter((application) => application.referralId === referral.id);
      expect(referral.applicationsCount).toBe(mine.length);
      expect(referral.successfulCount).toBe(mine.filter((a) => SUCCESSFUL_STATUSES.includes(a.status!)).length);
    }
  });
});
