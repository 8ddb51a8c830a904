/**
 * Taking an outcome step on an application (docs/product.md#outcomes): only its party may say it
 * (403), steps go forward (409), and a repeat changes nothing. The step, the referrer's reputation
 * counters, a dispute's closing and the applicant's verified comments are one db.batch; the other
 * side is told afterwards (notify.server.ts). docs/decisions/170-confirmed-outcomes-and-reputation.md
 */
import { eq, notInArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { applicationOutcomes, applications, creditCards } from "../../../db/schema";
import { createId } from "../../../db/id";
import type { ApplicationStatus, BonusUnit, OutcomeStep } from "../../../db/enums";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { APPLICATION_MESSAGES } from "~/modules/applications/status";
import { recomputeReferrerRating } from "~/modules/reputation/rating.server";
import { columnName, columnNames, statement } from "~/utils/d1-statement.server";
import { recountOutcomes } from "./counters.server";
import { recountReferral } from "~/modules/applications/recount.server";
import { partyColumns } from "~/modules/applications/columns.server";
import { tellOtherSide } from "./notify.server";
import { promptRatingConfirmation } from "~/modules/reputation/rating-prompt.server";
import { hasOutcome } from "~/modules/reputation/verified";
import { approvalDay, bonusConfirmed, bumpDaily, countApproval } from "~/modules/analytics/rollup.server";
import { recountLateShares, startShareClock, stopShareClock } from "~/modules/shares/late.server";
import {
  CLOSED_STATUSES,
  OUTCOME_MESSAGES,
  orderRefusal,
  sharePaidRefusal,
  STEP_LABELS,
  STEP_PARTY,
  statusOfStep,
  STEP_CONDITIONS,
  type OutcomeStepInput,
  type StepCondition,
} from "./steps";

export type OutcomeCtx = Pick<Ctx, "db" | "env" | "realtime" | "waitUntil" | "actor" | "notifications">;

/** What a step needs to know about its application (one statement). */
export interface StepApplication {
  id: string;
  applicantId: string;
  referrerId: string;
  referralId: string;
  status: ApplicationStatus;
  percent: number;
  bonusAmount: number;
  bonusUnit: BonusUnit;
  /** The share promised in US cents (docs/decisions/185). */
  promisedCents: number | null;
  /** When the promised share falls due, once a bonus step started its clock (docs/decisions/185). */
  shareDueAt: number | null;
  cardName: string;
  steps: string | null;
}

function readApplication(ctx: OutcomeCtx, applicationId: string): Promise<StepApplication | undefined> {
  return ctx.db
    .select({
      ...partyColumns,
      percent: applications.promisedSharePercent,
      bonusAmount: applications.promisedBonusAmount,
      bonusUnit: applications.promisedBonusUnit,
      promisedCents: applications.promisedShareCents,
      cardName: creditCards.name,
      // Milliseconds, as the mails read it (the column itself decodes to a Date).
      shareDueAt: sql<number | null>`${applications.shareDueAt}`,
      steps: sql<string | null>`(select group_concat(${applicationOutcomes.step}) from ${applicationOutcomes}
        where ${applicationOutcomes.applicationId} = ${applications.id})`,
    })
    .from(applications)
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .where(eq(applications.id, applicationId))
    .get();
}

/** One of a step's conditions (steps.ts STEP_CONDITIONS) in SQL, about the application `applicationId`. */
function conditionSql(condition: StepCondition, applicationId: string): SQL {
  const application = (holds: SQL) =>
    sql`exists (select 1 from ${applications} where ${applications.id} = ${applicationId} and ${holds})`;
  const recorded = (step: OutcomeStep) =>
    sql`exists (select 1 from ${applicationOutcomes}
      where ${applicationOutcomes.applicationId} = ${applicationId} and ${applicationOutcomes.step} = ${step})`;
  switch (condition.kind) {
    case "open":
      return application(notInArray(applications.status, [...CLOSED_STATUSES]));
    case "share-promised":
      return application(sql`${applications.promisedSharePercent} > 0`);
    case "recorded":
      return recorded(condition.step);
    case "not-recorded":
      return sql`not ${recorded(condition.step)}`;
    default:
      return condition satisfies never;
  }
}

/**
 * Whether `step` may be written now, in SQL: its STEP_CONDITIONS, the same ones `orderRefusal`
 * reads, checked again when the batch runs (a cancellation and a bonus racing: ADR 171's slots).
 */
export function stepGuard(step: OutcomeStep, applicationId: string): SQL {
  const conditions = STEP_CONDITIONS[step].map((condition) => sql`(${conditionSql(condition, applicationId)})`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`1`;
}

/** Outcome rows read beside others: the step just written, and an application's share-paid and bonus-posted steps. */
const written = alias(applicationOutcomes, "w");
const paid = alias(applicationOutcomes, "p");
const posted = alias(applicationOutcomes, "b");

/** The step's row (its id) was written earlier in the batch. */
const stepWritten = (stepId: string) =>
  sql`exists (select 1 from ${applicationOutcomes} ${written} where ${written.id} = ${stepId})`;

/** The step's own row, written only if its guard still holds when the batch runs (races). */
function insertStep(ctx: OutcomeCtx, app: StepApplication, input: OutcomeStepInput, now: number, stepId: string) {
  const { step } = input;
  const amount = input.step === "share-paid" ? input.amount : null;
  const method = input.step === "share-paid" ? input.method : null;
  const note = input.step === "share-not-received" || input.step === "share-paid" ? (input.note ?? null) : null;
  const daysToPay =
    step === "share-received"
      ? sql`(select (${paid.createdAt} - ${posted.createdAt}) / 86400000.0
            from ${applicationOutcomes} ${paid}, ${applicationOutcomes} ${posted}
            where ${paid.applicationId} = ${app.id} and ${paid.step} = 'share-paid'
              and ${posted.applicationId} = ${app.id} and ${posted.step} = 'bonus-posted')`
      : null;
  return statement(
    ctx.db,
    sql`insert into ${applicationOutcomes} (${columnNames([
      applicationOutcomes.id,
      applicationOutcomes.applicationId,
      applicationOutcomes.referrerId,
      applicationOutcomes.step,
      applicationOutcomes.actorId,
      applicationOutcomes.amount,
      applicationOutcomes.method,
      applicationOutcomes.note,
      applicationOutcomes.daysToPay,
      applicationOutcomes.closedAt,
      applicationOutcomes.createdAt,
    ])})
    select ${stepId}, ${app.id}, ${app.referrerId}, ${step}, ${ctx.actor?.id ?? null}, ${amount}, ${method},
           ${note}, ${daysToPay}, null, ${now}
     where ${stepGuard(step, app.id)}
    on conflict (${columnNames([applicationOutcomes.applicationId, applicationOutcomes.step])}) do nothing`,
  );
}

/**
 * What a step adds to the referrer's daily analytics (ADR 172, 173), only when the step's row (its
 * id) was just written: a success once both sides said the bonus, counted on its approval's day
 * (the bonus steps record the approval first: countApproval), a share paid once confirmed.
 */
function analyticsOf(step: OutcomeStep, applicationId: string, stepId: string) {
  const written = stepWritten(stepId);
  if (BONUS_STEPS.includes(step)) {
    return {
      counter: "successes" as const,
      when: sql`${written} and ${bonusConfirmed(applicationId)}`,
      day: approvalDay(applicationId),
    };
  }
  if (step === "share-received") return { counter: "sharesPaid" as const, when: written };
  return null;
}

const BONUS_STEPS: readonly OutcomeStep[] = ["bonus-posted", "bonus-received"];

/** The application's update (its status when the step gives one: STEP_STATUS) and its referral's counters. */
function statusOf(db: OutcomeCtx["db"], step: OutcomeStep, app: StepApplication, stepId: string, now: number) {
  const status = statusOfStep(step);
  const updatedAt = sql`${columnName(applications.updatedAt)} = ${now}`;
  if (!status)
    return [statement(db, sql`update ${applications} set ${updatedAt} where ${applications.id} = ${app.id}`)];
  return [
    statement(
      db,
      sql`update ${applications} set ${columnName(applications.status)} = ${status}, ${updatedAt}
        where ${applications.id} = ${app.id} and ${stepWritten(stepId)}`,
    ),
    statement(db, recountReferral(db, app.referralId)),
  ];
}

/**
 * Records `input.step` on the application for the acting member. Answers whether it changed
 * anything (a repeat does not) and the message to show.
 */
export async function takeOutcomeStep(ctx: OutcomeCtx, input: OutcomeStepInput & { applicationId: string }) {
  const actor = requireActor(ctx);
  const app = await readApplication(ctx, input.applicationId);
  if (!app) throw new DomainError(404, APPLICATION_MESSAGES.notFound);
  const party = STEP_PARTY[input.step];
  if (actor.id !== (party === "referrer" ? app.referrerId : app.applicantId)) {
    throw new DomainError(403, party === "referrer" ? OUTCOME_MESSAGES.onlyReferrer : OUTCOME_MESSAGES.onlyApplicant);
  }
  const label = STEP_LABELS[input.step];
  const recorded = new Set((app.steps ?? "").split(",").filter(Boolean) as OutcomeStep[]);
  if (recorded.has(input.step)) return { changed: false, message: OUTCOME_MESSAGES.repeated(label), app };
  const refusal = orderRefusal(input.step, { status: app.status, promisedSharePercent: app.percent, recorded });
  if (refusal) throw new DomainError(409, refusal);
  if (input.step === "share-paid") {
    const short = sharePaidRefusal(input, app.promisedCents);
    if (short) throw new DomainError(400, short.message, { [short.field]: short.message });
  }

  const { db } = ctx;
  const now = Date.now();
  const closeDispute = statement(
    db,
    sql`update ${applicationOutcomes} set ${columnName(applicationOutcomes.closedAt)} = ${now}
    where ${applicationOutcomes.applicationId} = ${app.id} and ${applicationOutcomes.step} = 'share-not-received'
      and ${applicationOutcomes.closedAt} is null`,
  );
  const stepId = createId();
  const counted = analyticsOf(input.step, app.id, stepId);
  const [inserted] = await db.$client.batch([
    insertStep(ctx, app, input, now, stepId),
    // The one status story (ADR 175): the step's status, if it gives one, only once its row was written.
    ...statusOf(db, input.step, app, stepId, now),
    // The referrer's analytics (ADR 172, 173): a confirmed bonus is an approval, counted once.
    ...(BONUS_STEPS.includes(input.step)
      ? countApproval(db, { applicationId: app.id, referralId: app.referralId, at: now })
      : []),
    ...(counted ? [statement(db, bumpDaily({ referralId: app.referralId, at: now, ...counted }))] : []),
    // Confirming the share ends a dispute of it.
    ...(input.step === "share-received" ? [closeDispute] : []),
    // The share's clock (docs/decisions/185): the first bonus step starts it, share-paid stops it.
    ...(BONUS_STEPS.includes(input.step) ? [startShareClock(db, app.id, now)] : []),
    ...(input.step === "share-paid" ? [stopShareClock(db, app.id), recountLateShares(db, app.referrerId, now)] : []),
    recountOutcomes(db, app.referrerId),
    statement(db, recomputeReferrerRating(db, app.referrerId)),
  ]);
  const changed = inserted.meta.changes === 1;
  if (!changed) {
    // The guard failed between the read and the batch: say why, from the same conditions.
    const again = await readApplication(ctx, app.id);
    const steps = new Set((again?.steps ?? "").split(",").filter(Boolean) as OutcomeStep[]);
    if (steps.has(input.step)) return { changed: false, message: OUTCOME_MESSAGES.repeated(label), app };
    const why =
      again && orderRefusal(input.step, { status: again.status, promisedSharePercent: app.percent, recorded: steps });
    throw new DomainError(409, why || OUTCOME_MESSAGES.closed);
  }
  // The first bonus step started the share's clock in the batch: the mail names its deadline.
  const shareDueAt =
    app.shareDueAt ??
    (BONUS_STEPS.includes(input.step) ? ((await readApplication(ctx, app.id))?.shareDueAt ?? null) : null);
  const chatId = await tellOtherSide(ctx, { app: { ...app, shareDueAt }, input, actorId: actor.id });
  // A step that gives the application its outcome asks the applicant to confirm their rating (ADR 175).
  const status = statusOfStep(input.step);
  if (status && hasOutcome(status)) ctx.waitUntil(promptRatingConfirmation(ctx, app.id));
  return { changed: true, message: OUTCOME_MESSAGES.recorded(label), app, chatId };
}
