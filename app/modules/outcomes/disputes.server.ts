/**
 * Disputed shares for admins (docs/product.md#outcomes): the open disputes, newest first, keyset
 * paged on their partial index, and an admin's closing of one (with its audit row, in one batch).
 */
import { alias } from "drizzle-orm/sqlite-core";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { applicationOutcomes, applications, creditCards, users } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { auditEntry } from "~/modules/admin/audit.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, toPage } from "~/utils/keyset.server";
import { statement } from "~/utils/d1-statement.server";
import { recountOutcomes } from "./counters.server";
import { OUTCOME_MESSAGES } from "./steps";
import { notify } from "~/modules/notifications/notify.server";
import { outcomeHref } from "./notify.server";

export const DISPUTES_PAGE_SIZE = 50;

const applicant = alias(users, "applicant");
const referrer = alias(users, "referrer");
const isOpenDispute = and(eq(applicationOutcomes.step, "share-not-received"), isNull(applicationOutcomes.closedAt));

/** The open disputes with their application's card and people. */
export async function listOpenDisputes(ctx: Pick<Ctx, "db" | "actor">, input: { cursor?: string | null }) {
  assertAdmin(ctx.actor);
  const rows = await ctx.db
    .select({
      id: applicationOutcomes.id,
      createdAt: applicationOutcomes.createdAt,
      note: applicationOutcomes.note,
      applicationId: applications.id,
      cardName: creditCards.name,
      applicantId: applicant.id,
      applicantUsername: applicant.username,
      referrerId: referrer.id,
      referrerUsername: referrer.username,
      promisedSharePercent: applications.promisedSharePercent,
      paidAmount: sql<number | null>`(select p.amount from application_outcomes p
        where p.application_id = ${applications.id} and p.step = 'share-paid')`,
    })
    .from(applicationOutcomes)
    .innerJoin(applications, eq(applications.id, applicationOutcomes.applicationId))
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .innerJoin(applicant, eq(applicant.id, applications.applicantId))
    .innerJoin(referrer, eq(referrer.id, applications.referrerId))
    .where(
      and(
        isOpenDispute,
        olderThan(applicationOutcomes.createdAt, applicationOutcomes.id, decodeCreatedCursor(input.cursor)),
      ),
    )
    .orderBy(desc(applicationOutcomes.createdAt), desc(applicationOutcomes.id))
    .limit(DISPUTES_PAGE_SIZE + 1);
  return toPage(rows, DISPUTES_PAGE_SIZE, createdKeyOf);
}

/**
 * An admin closes a dispute (settled between the two, or not one): it leaves the list and the
 * referrer's open-dispute count; the timeline keeps the step. 404 when it is not open.
 */
export async function closeDispute(
  ctx: Pick<Ctx, "db" | "actor" | "notifications" | "waitUntil">,
  input: { applicationId: string; reason: string },
) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const dispute = await db
    .select({
      id: applicationOutcomes.id,
      referrerId: applicationOutcomes.referrerId,
      applicantId: applications.applicantId,
      referralId: applications.referralId,
      cardName: creditCards.name,
    })
    .from(applicationOutcomes)
    .innerJoin(applications, eq(applications.id, applicationOutcomes.applicationId))
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .where(and(eq(applicationOutcomes.applicationId, input.applicationId), isOpenDispute))
    .get();
  if (!dispute) throw new DomainError(404, OUTCOME_MESSAGES.disputeNotFound);
  const now = new Date();
  await db.$client.batch([
    statement(
      db,
      db
        .update(applicationOutcomes)
        .set({ closedAt: now })
        .where(and(eq(applicationOutcomes.id, dispute.id), isNull(applicationOutcomes.closedAt))),
    ),
    statement(
      db,
      auditEntry(
        db,
        ctx.actor,
        { action: "dispute.close", targetType: "application", targetId: input.applicationId, reason: input.reason },
        now,
      ),
    ),
    recountOutcomes(db, dispute.referrerId),
  ]);
  // Both sides hear the decision (ADR 180).
  const app = { id: input.applicationId, referralId: dispute.referralId };
  for (const [userId, side] of [
    [dispute.applicantId, "applicant"],
    [dispute.referrerId, "referrer"],
  ] as const) {
    ctx.waitUntil(
      notify(ctx, {
        kind: "disputes",
        userId,
        key: `dispute-decided:${dispute.id}:${side}`,
        content: {
          subject: `Cardshare: the dispute about ${dispute.cardName} was closed`,
          lines: [
            `An admin closed the dispute about the share for ${dispute.cardName}.`,
            `Their reason: ${input.reason}`,
          ],
          action: { path: outcomeHref(app, side).split("#")[0]!, label: "Open the application" },
        },
      }),
    );
  }
  return { message: OUTCOME_MESSAGES.disputeClosed };
}
