/**
 * Card applications after the apply step (docs/product.md#applications, #my-applications): the applicant's list with
 * filters, reading one, the applicant's status changes and withdrawal, and the lists by user,
 * referrer and referral. Status changes keep referrals.successful_count right in the same batch.
 */
import { alias } from "drizzle-orm/sqlite-core";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { applications, creditCards, referrals, users, type ApplicationStatus } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { createdKeyOf, olderThan, toPage, type CreatedKey } from "~/utils/keyset.server";
import { APPLICATION_MESSAGES, STATUS_FILTERS, statusLabel, type StatusFilter } from "./status";
import { APPLICATIONS_MEMBERS_ONLY, PRIVATE_CONTENT, REFERRAL_NOT_FOUND, USER_NOT_FOUND } from "~/utils/messages";
import type { Actor } from "~/core/actor";
import { requireActor, type Ctx } from "~/core/context.server";
import { assertApplicationReader, assertParty } from "./access";
import { toApiApplication } from "./present";
import { slotMove, slotStatement, tookSlot } from "./slots.server";
import { recountReferral } from "./recount.server";
import { takeOutcomeStep, type OutcomeCtx } from "~/modules/outcomes/outcomes.server";
import { statusRefusal, stepOfStatus } from "~/modules/outcomes/steps";
import { recomputeReferrerRating } from "~/modules/reputation/rating.server";
import { promptRatingConfirmation } from "~/modules/reputation/rating-prompt.server";
import { hasOutcome } from "~/modules/reputation/verified";
import type { OutcomeStep } from "../../../db/enums";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { countApproval } from "~/modules/analytics/rollup.server";
import { statement } from "~/utils/d1-statement.server";

export type { ApiApplication } from "./present";

/** What the functions need: the database and who is asking (a visitor when null, profiles only). */
type AppCtx = Pick<Ctx, "db" | "actor">;

export const APPLICATIONS_PAGE_SIZE = 20;

const referrer = alias(users, "referrer");
const applicant = alias(users, "applicant");

const personColumns = (table: typeof referrer | typeof applicant) => ({
  id: table.id,
  username: table.username,
  firstName: table.firstName,
  lastName: table.lastName,
  showFullName: table.showFullName,
});

const columns = {
  id: applications.id,
  status: applications.status,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  additionalInfo: applications.additionalInfo,
  referralId: applications.referralId,
  promisedSharePercent: applications.promisedSharePercent,
  promisedBonusAmount: applications.promisedBonusAmount,
  promisedBonusUnit: applications.promisedBonusUnit,
  promisedShareCents: applications.promisedShareCents,
  promisedShareMethod: applications.promisedShareMethod,
  promisedShareMethodNote: applications.promisedShareMethodNote,
  promisedShareDeadlineDays: applications.promisedShareDeadlineDays,
  shareDueAt: applications.shareDueAt,
  // The outcome timeline in the same statement (at most one row per step, by the unique index).
  outcomeJson: sql<string>`(select json_group_array(json_object('step', o.step, 'by', o.actor_id, 'at', o.created_at,
    'amount', o.amount, 'method', o.method, 'note', o.note, 'closedAt', o.closed_at,
    'answer', o.answer, 'answeredAt', o.answered_at, 'decision', o.decision))
    from application_outcomes o where o.application_id = ${applications.id})`,
  card: { id: creditCards.id, name: creditCards.name, issuer: creditCards.issuer },
  referrer: personColumns(referrer),
  applicant: personColumns(applicant),
};

function selectApplications(db: Db) {
  return db
    .select(columns)
    .from(applications)
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .innerJoin(referrer, eq(referrer.id, applications.referrerId))
    .innerJoin(applicant, eq(applicant.id, applications.applicantId));
}

/** A keyset cursor (decodeCreatedCursor): the (createdAt, id) of the last row of the previous page. */
export type Cursor = CreatedKey | null;

async function page(db: Db, where: SQL | undefined, viewerId: string | null, cursor?: Cursor) {
  const rows = await selectApplications(db)
    .where(and(where, olderThan(applications.createdAt, applications.id, cursor)))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(APPLICATIONS_PAGE_SIZE + 1)
    .all();
  const { items, nextCursor } = toPage(rows, APPLICATIONS_PAGE_SIZE, createdKeyOf);
  return { data: items.map((row) => toApiApplication(row, viewerId)), nextCursor };
}

/** The signed-in applicant's applications (My Applications, GET /api/applications/card-apply). */
export function listMyApplications(ctx: AppCtx, options: MyApplicationsOptions = {}) {
  const actor = requireActor(ctx);
  return page(ctx.db, myApplicationsWhere(actor.id, options.filter), actor.id, options.cursor);
}

type MyApplicationsOptions = { filter?: StatusFilter; cursor?: Cursor };

function myApplicationsWhere(applicantId: string, filter: StatusFilter | undefined) {
  const statuses = STATUS_FILTERS[filter ?? "all"].statuses;
  return and(
    eq(applications.applicantId, applicantId),
    filter && filter !== "all" ? inArray(applications.status, [...statuses]) : undefined,
  );
}

/**
 * The referrals of the same page of My Applications, as a subquery: the page's review threads
 * are read beside the page, in the same round trip, instead of after it.
 */
export function myApplicationsReferralIds(ctx: AppCtx, options: MyApplicationsOptions = {}) {
  const actor = requireActor(ctx);
  return ctx.db
    .select({ id: applications.referralId })
    .from(applications)
    .where(
      and(
        myApplicationsWhere(actor.id, options.filter),
        olderThan(applications.createdAt, applications.id, options.cursor),
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(APPLICATIONS_PAGE_SIZE);
}

function selfOrAdmin(actor: Actor, userId: string) {
  if (!actor.isAdmin && actor.id !== userId) throw new DomainError(403, APPLICATION_MESSAGES.notAllowed);
}

/** GET .../user/{userId}: a user's applications, for that user or an admin. */
export function listApplicationsByUser(ctx: AppCtx, input: { userId: string; cursor?: Cursor }) {
  const actor = requireActor(ctx);
  selfOrAdmin(actor, input.userId);
  return page(ctx.db, eq(applications.applicantId, input.userId), actor.id, input.cursor);
}

/** GET .../referrer/{referrerId}: applications through a referrer's links, for them or an admin. */
export function listApplicationsByReferrer(ctx: AppCtx, input: { referrerId: string; cursor?: Cursor }) {
  const actor = requireActor(ctx);
  selfOrAdmin(actor, input.referrerId);
  return page(ctx.db, eq(applications.referrerId, input.referrerId), actor.id, input.cursor);
}

/** GET .../referral/{referralId}: a referral's applications, for its owner or an admin. */
export async function listApplicationsByReferral(ctx: AppCtx, input: { referralId: string; cursor?: Cursor }) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const { referralId, cursor } = input;
  const referral = await db
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .get();
  if (!referral) throw new DomainError(404, REFERRAL_NOT_FOUND);
  selfOrAdmin(actor, referral.referrerId);
  return page(db, eq(applications.referralId, referralId), actor.id, cursor);
}

/** One application, for its applicant, the referrer or an admin. */
export async function getApplication(ctx: AppCtx, input: { applicationId: string }) {
  const actor = requireActor(ctx);
  const row = await selectApplications(ctx.db).where(eq(applications.id, input.applicationId)).get();
  assertApplicationReader(actor, row, (found) => ({ applicantId: found.applicant.id, referrerId: found.referrer.id }));
  return toApiApplication(row, actor.id);
}

/** The application if `actor` is its applicant; 404 if it does not exist, 403 if it is someone else's. */
async function requireOwnApplication(db: Db, actor: Actor, applicationId: string) {
  const row = await db
    .select({
      id: applications.id,
      applicantId: applications.applicantId,
      referralId: applications.referralId,
      referrerId: applications.referrerId,
      status: applications.status,
      promisedSharePercent: applications.promisedSharePercent,
      // Written out: a one-table select leaves its columns unqualified (see reputation.server.ts).
      steps: sql<
        string | null
      >`(select group_concat(o.step) from application_outcomes o where o.application_id = applications.id)`,
    })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .get();
  assertParty(actor, row, "applicantId", APPLICATION_MESSAGES.notYours);
  return row;
}

/**
 * The applicant changes their own application's status. Choosing the current status changes
 * nothing. The referral's successful count follows in the same batch, and so does its slot:
 * cancelled or denied before the bonus posted gives it back, moving back to an open status takes
 * one again (409 when none is left; slots.server.ts, ADR 171).
 */
export async function updateApplicationStatus(
  ctx: AppCtx & Pick<Ctx, "purgePages"> & OutcomeCtx,
  input: { applicationId: string; status: ApplicationStatus },
) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const { applicationId, status } = input;
  const current = await requireOwnApplication(db, actor, applicationId);
  const message = APPLICATION_MESSAGES.statusUpdated(statusLabel(status));
  if (current.status === status) {
    return { message, changed: false, data: await getApplication(ctx, { applicationId }) };
  }
  // The one status story (ADR 175): the status follows the timeline, and a status that stands for a
  // step records it (Successful is the sign-up bonus confirmed), in the step's own batch.
  const recorded = new Set((current.steps ?? "").split(",").filter(Boolean) as OutcomeStep[]);
  const refusal = statusRefusal(status, {
    status: current.status,
    promisedSharePercent: current.promisedSharePercent,
    recorded,
  });
  if (refusal) throw new DomainError(409, refusal);
  const step = stepOfStatus(status);
  if (step && !recorded.has(step) && step === "bonus-received") {
    await takeOutcomeStep(ctx, { applicationId, step });
    return { message, changed: true, data: await getApplication(ctx, { applicationId }) };
  }
  const move = slotMove(current.status, status);
  const parties = { applicationId, referralId: current.referralId };
  const statusUpdate = db
    .update(applications)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.applicantId, actor.id),
        move === "take" ? tookSlot(parties) : undefined,
      ),
    )
    .returning({ id: applications.id });
  const results = await db.$client.batch([
    ...(move === "none" ? [] : [statement(db, slotStatement(db, { ...parties, move }))]),
    statement(db, statusUpdate),
    // A move into a successful status is an approval in the referrer's analytics, once (ADR 173).
    ...countApproval(db, { applicationId, referralId: current.referralId, at: Date.now() }),
    statement(db, recountReferral(db, current.referralId)),
    // Whether the applicant's review counts follows the status (reputation/verified.ts).
    statement(db, recomputeReferrerRating(db, current.referrerId)),
  ]);
  const updated = results[move === "none" ? 0 : 1].results;
  if (updated.length === 0) throw new DomainError(409, APPLICATION_MESSAGES.noSlots);
  // Its slots left changed, and with them whether it is listed.
  if (move !== "none") purgeReferralPages(ctx, { referralIds: [current.referralId] });
  // Denied or cancelled is an outcome too: the applicant is asked to confirm their rating (ADR 175).
  if (hasOutcome(status)) ctx.waitUntil(promptRatingConfirmation(ctx, applicationId));
  return { message, changed: true, data: await getApplication(ctx, { applicationId }) };
}

/**
 * The applicant withdraws their application record. The referral's counters follow; the slot
 * taken on apply is not given back (the referral link was used). A review stays with the referral.
 */
export async function deleteApplication(ctx: AppCtx, input: { applicationId: string }) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const { applicationId } = input;
  const current = await requireOwnApplication(db, actor, applicationId);
  await db.batch([
    db.delete(applications).where(and(eq(applications.id, applicationId), eq(applications.applicantId, actor.id))),
    recountReferral(db, current.referralId),
  ]);
  return { message: "Application deleted" };
}

/**
 * The Applications tab of a profile: members see them when the owner shows applications (the owner
 * always sees their own), without the private notes; a hidden list is a 403 'Private Content', and
 * visitors never see them (403).
 */
export async function listProfileApplications(ctx: AppCtx, input: { userId: string; cursor?: Cursor }) {
  const { db } = ctx;
  const viewerId = ctx.actor?.id ?? null;
  const { userId, cursor } = input;
  if (viewerId !== userId) {
    // Never to visitors (docs/decisions/120-applications-members-only.md).
    if (viewerId === null) throw new DomainError(403, APPLICATIONS_MEMBERS_ONLY);
    const owner = await db
      .select({ showApplications: users.showApplications })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!owner) throw new DomainError(404, USER_NOT_FOUND);
    if (!owner.showApplications) throw new DomainError(403, PRIVATE_CONTENT);
  }
  const result = await page(db, eq(applications.applicantId, userId), viewerId, cursor);
  return {
    ...result,
    data: result.data.map((row) => (viewerId === userId ? row : { ...row, additionalInfo: "" })),
  };
}
