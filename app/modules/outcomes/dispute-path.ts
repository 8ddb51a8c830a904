/**
 * What happens after a share is disputed (docs/decisions/175), the same for both sides: the
 * referrer has DISPUTE_ANSWER_DAYS to answer with a note; then (or once answered) an admin decides,
 * with both notes, the timeline and the chat in front of them. Pure and browser-safe; the clock is
 * passed in (`now`), so the deadline is tested without waiting.
 */
import { z } from "zod";
import { DISPUTE_DECISIONS, type DisputeDecision } from "../../../db/enums";
import { formatDate } from "~/core/format";

export const DISPUTE_ANSWER_DAYS = 7;
/** The timeline form's intent for the referrer's answer (POST /outcome). */
export const ANSWER_DISPUTE_INTENT = "answer-dispute";
const DAY_MS = 86_400_000;

/** The dispute of an application, as the application's JSON carries it (null when none was opened). */
export const DisputeSchema = z.object({
  openedAt: z.string(),
  /** The last moment the referrer may answer. */
  answerBy: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  decision: z.enum(DISPUTE_DECISIONS).nullable(),
  /** Where it stands when the answer was made (disputeStage). */
  stage: z.enum(["awaiting-answer", "with-admins", "closed"]),
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** When the referrer's time to answer ends. */
export function answerDeadline(openedAt: number) {
  return openedAt + DISPUTE_ANSWER_DAYS * DAY_MS;
}

/** Where a dispute stands: waiting for the referrer's answer, with the admins, or decided/closed. */
export type DisputeStage = "awaiting-answer" | "with-admins" | "closed";

export function disputeStage(
  dispute: Pick<Dispute, "answerBy" | "answeredAt" | "closedAt">,
  now: number,
): DisputeStage {
  if (dispute.closedAt) return "closed";
  if (dispute.answeredAt || now > Date.parse(dispute.answerBy)) return "with-admins";
  return "awaiting-answer";
}

export const DECISION_LABELS: Record<DisputeDecision, string> = {
  upheld: "Upheld: the share did not arrive",
  dismissed: "Dismissed: the share was paid",
};

export const DISPUTE_MESSAGES = {
  answerRequired: "Write your answer to the dispute",
  answered: "Answer sent: an admin decides next",
  onlyReferrer: "Only the referrer can answer this dispute.",
  notOpen: "This dispute is not open.",
  alreadyAnswered: "You already answered this dispute.",
  late: `The ${DISPUTE_ANSWER_DAYS} days to answer have passed: an admin decides now, with the chat and the timeline.`,
  decisionRequired: "Choose a decision",
} as const;

/**
 * The referrer's answer to a dispute: the timeline's form (POST /outcome `answer-dispute`) and
 * POST /api/applications/card-apply/{id}/dispute/answer take this body.
 */
export const DisputeAnswerSchema = z.object({
  answer: z
    .string({ error: DISPUTE_MESSAGES.answerRequired })
    .trim()
    .min(1, DISPUTE_MESSAGES.answerRequired)
    .max(1000, DISPUTE_MESSAGES.answerRequired),
});

/**
 * An admin's decision on a dispute, with why: /admin/disputes's form and
 * POST /api/applications/card-apply/{id}/dispute/decision take this body.
 */
export const DisputeDecisionSchema = z.object({
  decision: z.enum(DISPUTE_DECISIONS, { error: DISPUTE_MESSAGES.decisionRequired }),
  reason: z.string({ error: "Say why in words" }).trim().max(500, "Keep the reason under 500 characters").default(""),
});

/** What happens next, in the words of the side reading it. */
export function disputeNextText(
  dispute: Pick<Dispute, "stage" | "answeredAt" | "answerBy" | "decision">,
  side: "referrer" | "applicant",
) {
  const { stage } = dispute;
  if (stage === "closed") {
    return dispute.decision
      ? `An admin decided this dispute: ${DECISION_LABELS[dispute.decision]}.`
      : "This dispute is closed.";
  }
  const admins = "an admin decides, with both notes, the timeline and your chat in front of them";
  if (stage === "awaiting-answer") {
    const by = formatDate(dispute.answerBy);
    return side === "referrer"
      ? `Answer with a note by ${by}. Then ${admins}.`
      : `The referrer has until ${by} to answer with a note. Then ${admins}.`;
  }
  return dispute.answeredAt
    ? `The referrer answered. Next, ${admins}.`
    : `The referrer did not answer within ${DISPUTE_ANSWER_DAYS} days. Next, ${admins}.`;
}
