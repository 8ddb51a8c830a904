/**
 * Disputed shares (docs/product.md#outcomes, docs/decisions/175): the referrer's answer within
 * DISPUTE_ANSWER_DAYS; for admins the open disputes, newest first, keyset paged on their partial
 * index, with both notes, the timeline and the pair's chat; and an admin's decision (with its audit
 * row and the referrer's recount, in one batch).
 */
import { alias } from "drizzle-orm/sqlite-core";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { applicationOutcomes, applications, creditCards, users } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import { assertParty } from "~/modules/applications/access";
import type { Db } from "../../../db/client";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { auditEntry } from "~/modules/admin/audit.server";
import { createdKeyOf, decodeCreatedCursor, olderThan, toPage } from "~/utils/keyset.server";
import { statement } from "~/utils/d1-statement.server";
import { recountOutcomes } from "./counters.server";
import { OUTCOME_MESSAGES, parseOutcome } from "./steps";
import { notify } from "~/modules/notifications/notify.server";
import { outcomeHref } from "./notify.server";
import { requireActor } from "~/core/context.server";
import { answerDeadline, DISPUTE_MESSAGES, disputeNextText } from "./dispute-path";
import type { DisputeDecision } from "../../../db/enums";

/** How many of the pair's latest chat messages an admin reads beside a dispute. */
export const DISPUTE_CHAT_MESSAGES = 20;

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
      answer: applicationOutcomes.answer,
      answeredAt: applicationOutcomes.answeredAt,
      applicationId: applications.id,
      cardName: creditCards.name,
      applicantId: applicant.id,
      applicantUsername: applicant.username,
      referrerId: referrer.id,
      referrerUsername: referrer.username,
      promisedSharePercent: applications.promisedSharePercent,
      paidAmount: sql<number | null>`(select p.amount from application_outcomes p
        where p.application_id = ${applications.id} and p.step = 'share-paid')`,
      outcomeJson: sql<string>`(select json_group_array(json_object('step', o.step, 'by', o.actor_id, 'at', o.created_at,
        'amount', o.amount, 'method', o.method, 'note', o.note, 'closedAt', o.closed_at))
        from application_outcomes o where o.application_id = ${applications.id})`,
      // The pair's direct chat, its latest messages oldest first: what the two said to each other.
      chatJson: sql<string>`(select json_group_array(json_object('by', m.sender_id, 'at', m.created_at, 'text', m.content))
        from (select mm.sender_id, mm.created_at, mm.content from messages mm
          join chats ch on ch.id = mm.chat_id
          where ch.direct_key = (case when ${applications.applicantId} < ${applications.referrerId}
            then ${applications.applicantId} || ':' || ${applications.referrerId}
            else ${applications.referrerId} || ':' || ${applications.applicantId} end)
          order by mm.created_at desc limit ${DISPUTE_CHAT_MESSAGES}) m)`,
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
  const page = toPage(rows, DISPUTES_PAGE_SIZE, createdKeyOf);
  return {
    ...page,
    items: page.items.map(({ outcomeJson, chatJson, ...row }) => ({
      ...row,
      answerBy: new Date(answerDeadline(row.createdAt.getTime())),
      timeline: parseOutcome(outcomeJson).steps,
      chat: (JSON.parse(chatJson ?? "[]") as { by: string | null; at: number; text: string }[]).sort(
        (a, b) => a.at - b.at,
      ),
    })),
  };
}

/** The open dispute of an application (undefined when none is open), with its pair and card. */
function openDispute(db: Db, applicationId: string) {
  return db
    .select({
      id: applicationOutcomes.id,
      referrerId: applicationOutcomes.referrerId,
      createdAt: applicationOutcomes.createdAt,
      answeredAt: applicationOutcomes.answeredAt,
      applicantId: applications.applicantId,
      referralId: applications.referralId,
      cardName: creditCards.name,
    })
    .from(applicationOutcomes)
    .innerJoin(applications, eq(applications.id, applicationOutcomes.applicationId))
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .where(and(eq(applicationOutcomes.applicationId, applicationId), isOpenDispute))
    .get();
}

/**
 * The referrer answers a dispute of their share with a note, within DISPUTE_ANSWER_DAYS of its
 * opening (`now` is the clock, passed in by tests); once, after which an admin decides. 403 for
 * anyone else, 404 when no dispute is open, 409 when answered or too late.
 */
export async function answerDispute(
  ctx: Pick<Ctx, "db" | "actor" | "notifications" | "waitUntil">,
  input: { applicationId: string; answer: string },
  now: number = Date.now(),
) {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const dispute = await openDispute(db, input.applicationId);
  assertParty(actor, dispute, "referrerId", DISPUTE_MESSAGES.onlyReferrer, DISPUTE_MESSAGES.notOpen);
  if (dispute.answeredAt) throw new DomainError(409, DISPUTE_MESSAGES.alreadyAnswered);
  if (now > answerDeadline(dispute.createdAt.getTime())) throw new DomainError(409, DISPUTE_MESSAGES.late);
  const written = await db
    .update(applicationOutcomes)
    .set({ answer: input.answer, answeredAt: new Date(now) })
    .where(and(eq(applicationOutcomes.id, dispute.id), isNull(applicationOutcomes.answeredAt)))
    .returning({ id: applicationOutcomes.id });
  if (written.length === 0) throw new DomainError(409, DISPUTE_MESSAGES.alreadyAnswered);
  // The applicant hears the answer, in the referrer's words (ADR 180); the mail names the referrer.
  const app = { id: input.applicationId, referralId: dispute.referralId };
  ctx.waitUntil(
    notify(ctx, {
      kind: "disputes",
      userId: dispute.applicantId,
      key: `dispute-answered:${dispute.id}`,
      aboutUserId: actor.id,
      content: {
        subject: `Cardshare: the referrer answered your dispute about ${dispute.cardName}`,
        lines: [
          `The referrer answered your dispute about the share for ${dispute.cardName}: "${input.answer}"`,
          disputeNextText(
            {
              stage: "with-admins",
              answeredAt: new Date(now).toISOString(),
              answerBy: new Date(answerDeadline(dispute.createdAt.getTime())).toISOString(),
              decision: null,
            },
            "applicant",
          ),
        ],
        action: { path: outcomeHref(app, "applicant").split("#")[0]!, label: "Open the application" },
      },
    }),
  );
  return { message: DISPUTE_MESSAGES.answered };
}

/**
 * An admin closes a dispute (settled between the two, or not one): it leaves the list and the
 * referrer's open-dispute count; the timeline keeps the step. 404 when it is not open.
 */
export async function closeDispute(
  ctx: Pick<Ctx, "db" | "actor" | "notifications" | "waitUntil">,
  input: { applicationId: string; reason: string; decision: DisputeDecision },
) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const dispute = await openDispute(db, input.applicationId);
  if (!dispute) throw new DomainError(404, DISPUTE_MESSAGES.notOpen);
  const now = new Date();
  await db.$client.batch([
    statement(
      db,
      db
        .update(applicationOutcomes)
        .set({ closedAt: now, decision: input.decision })
        .where(and(eq(applicationOutcomes.id, dispute.id), isNull(applicationOutcomes.closedAt))),
    ),
    statement(
      db,
      auditEntry(
        db,
        ctx.actor,
        {
          action: "dispute.close",
          targetType: "application",
          targetId: input.applicationId,
          reason: `${input.decision}${input.reason ? `: ${input.reason}` : ""}`,
        },
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
            `An admin decided the dispute about the share for ${dispute.cardName}: ${input.decision}.`,
            `Their reason: ${input.reason}`,
          ],
          action: { path: outcomeHref(app, side).split("#")[0]!, label: "Open the application" },
        },
      }),
    );
  }
  return { message: OUTCOME_MESSAGES.disputeClosed };
}
