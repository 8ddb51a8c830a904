import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeApplication, makeCard, makeReferral } from "../../db/factories";
import { applications, creditCards, referrals } from "../../db/schema";
import { api, createSignedInUser, testDb } from "./helpers";
import { addApplicant, countersOf, createMarket } from "./market-helpers";

const ONE = (id: string) => `/api/applications/card-apply/${id}`;

async function statusOf(id: string) {
  return (
    await testDb().select({ status: applications.status }).from(applications).where(eq(applications.id, id)).get()
  )?.status;
}

describe("one application", () => {
  it("is readable by its applicant and the referrer, not by others; admins may read", async () => {
    const { referrer, applicant, application, card } = await createMarket({
      referrer: { firstName: "Rita", lastName: "Ref", showFullName: false },
    });
    const own = await api("GET", ONE(application.id), applicant.token);
    expect(own).toMatchObject({
      status: 200,
      body: {
        data: {
          _id: application.id,
          status: "pending",
          creditCard: { name: card.name },
          referrer: { _id: referrer.user.id, firstName: "R**a", lastName: "R*f" },
          applicant: { _id: applicant.user.id },
          referral: { _id: application.referralId },
        },
      },
    });
    expect((await api("GET", ONE(application.id), referrer.token)).status).toBe(200);
    expect((await api("GET", ONE(application.id), (await createSignedInUser()).token)).status).toBe(403);
    expect((await api("GET", ONE(application.id), (await createSignedInUser({ isAdmin: true })).token)).status).toBe(
      200,
    );
    expect((await api("GET", ONE("missing"), applicant.token)).status).toBe(404);
    expect((await api("GET", ONE(application.id), null)).status).toBe(401);
  });

  it("changes status for the applicant only, keeping the referral's successful count", async () => {
    const { referrer, applicant, application, referral } = await createMarket();
    for (const token of [
      referrer.token,
      (await createSignedInUser()).token,
      (await createSignedInUser({ isAdmin: true })).token,
    ]) {
      expect((await api("PUT", ONE(application.id), token, { status: "successful" })).status).toBe(403);
    }
    expect(await statusOf(application.id)).toBe("pending");
    expect(await countersOf(referral.id)).toEqual({ applicationsCount: 1, successfulCount: 0 });

    const invalid = await api("PUT", ONE(application.id), applicant.token, { status: "approved" });
    expect(invalid).toMatchObject({ status: 400, body: { errors: { status: "Please choose a valid status" } } });

    const done = await api("PUT", ONE(application.id), applicant.token, { status: "successful" });
    expect(done).toMatchObject({
      status: 200,
      body: { message: "Application status updated to Successful", data: { status: "successful" } },
    });
    expect(await countersOf(referral.id)).toEqual({ applicationsCount: 1, successfulCount: 1 });

    const { applicant: second, application: secondApp } = await addApplicant(referral, { status: "approved" });
    await api("PUT", ONE(secondApp.id), second.token, { status: "cancelled" });
    expect((await countersOf(referral.id))?.successfulCount).toBe(1);
    // The bonus is on the timeline now: the application stays Successful (ADR 175).
    expect((await api("PUT", ONE(application.id), applicant.token, { status: "denied" })).status).toBe(409);
    expect(await countersOf(referral.id)).toEqual({ applicationsCount: 2, successfulCount: 1 });
  });

  it("is deleted by its applicant only", async () => {
    const { referrer, applicant, application, referral } = await createMarket({
      application: { status: "successful" },
      referral: { successfulCount: 1 },
    });
    expect((await api("DELETE", ONE(application.id), referrer.token)).status).toBe(403);
    expect(await statusOf(application.id)).toBe("successful");
    expect((await api("DELETE", ONE(application.id), applicant.token)).status).toBe(200);
    expect(await statusOf(application.id)).toBeUndefined();
    expect(await countersOf(referral.id)).toEqual({ applicationsCount: 0, successfulCount: 0 });
    expect((await api("DELETE", ONE(application.id), applicant.token)).status).toBe(404);
  });
});

describe("application lists", () => {
  it("by user: self or admin", async () => {
    const { applicant, referrer, application } = await createMarket();
    const mine = await api("GET", `/api/applications/user/${applicant.user.id}`, applicant.token);
    expect(mine.body.data.map((row: { _id: string }) => row._id)).toEqual([application.id]);
    expect((await api("GET", `/api/applications/user/${applicant.user.id}`, referrer.token)).status).toBe(403);
    const admin = await createSignedInUser({ isAdmin: true });
    expect((await api("GET", `/api/applications/user/${applicant.user.id}`, admin.token)).status).toBe(200);
  });

  it("by referrer: self or admin", async () => {
    const { applicant, referrer, application } = await createMarket();
    const mine = await api("GET", `/api/applications/referrer/${referrer.user.id}`, referrer.token);
    expect(mine.body.data.map((row: { _id: string }) => row._id)).toEqual([application.id]);
    expect((await api("GET", `/api/applications/referrer/${referrer.user.id}`, applicant.token)).status).toBe(403);
  });

  it("by referral: the referral's owner or admin", async () => {
    const { applicant, referrer, referral, application } = await createMarket();
    const { application: second } = await addApplicant(referral);
    const list = await api("GET", `/api/applications/referral/${referral.id}`, referrer.token);
    expect(list.body.data.map((row: { _id: string }) => row._id).sort()).toEqual([application.id, second.id].sort());
    expect((await api("GET", `/api/applications/referral/${referral.id}`, applicant.token)).status).toBe(403);
    expect((await api("GET", `/api/applications/referral/missing`, referrer.token)).status).toBe(404);
  });

  it("pages with a keyset cursor", async () => {
    const { referral } = await createMarket();
    const applicant = await createSignedInUser();
    const db = testDb();
    for (let index = 0; index < 23; index++) {
      const card = makeCard();
      await db.insert(creditCards).values(card);
      const other = makeReferral(referral.referrerId, card.id);
      await db.insert(referrals).values(other);
      await db
        .insert(applications)
        .values(makeApplication(other, applicant.user.id, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) }));
    }
    const first = await api("GET", `/api/applications/user/${applicant.user.id}`, applicant.token);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api(
      "GET",
      `/api/applications/user/${applicant.user.id}?cursor=${first.body.nextCursor}`,
      applicant.token,
    );
    expect(second.body.data).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe("GET /api/applications/comments/{applicationId}", () => {
  it("shows the applicant's review and replies to the applicant and referrer only", async () => {
    const { applicant, referrer, referral, application } = await createMarket();
    const { applicant: other } = await addApplicant(referral);
    await api("POST", "/api/referrals/card-refer/comment", applicant.token, {
      commentType: "applicantToReferrer",
      referralId: referral.id,
      rating: 5,
      comment: "Mine",
    });
    await api("POST", "/api/referrals/card-refer/comment", other.token, {
      commentType: "applicantToReferrer",
      referralId: referral.id,
      rating: 1,
      comment: "Theirs",
    });
    const thread = await api("GET", `/api/applications/comments/${application.id}`, applicant.token);
    expect(thread.body.data.map((row: { comment: string }) => row.comment)).toEqual(["Mine"]);
    expect((await api("GET", `/api/applications/comments/${application.id}`, referrer.token)).status).toBe(200);
    expect((await api("GET", `/api/applications/comments/${application.id}`, other.token)).status).toBe(403);
  });
});

describe("GET /api/applications/card-apply", () => {
  it("lists only the caller's applications, filtered by Pending and Completed", async () => {
    const { applicant, referral, application } = await createMarket();
    await addApplicant(referral);
    const other = await createMarket();
    const done = makeApplication(other.referral, applicant.user.id, { status: "submitted" });
    await testDb().insert(applications).values(done);
    const ids = async (query: string) =>
      (await api("GET", `/api/applications/card-apply${query}`, applicant.token)).body.data.map(
        (row: { _id: string }) => row._id,
      );
    expect((await ids("")).sort()).toEqual([application.id, done.id].sort());
    expect(await ids("?status=pending")).toEqual([application.id]);
    expect(await ids("?status=completed")).toEqual([done.id]);
    expect((await api("GET", "/api/applications/card-apply", null)).status).toBe(401);
  });
});
