/**
 * The outcome of an application after applying (docs/product.md#outcomes): who says each step,
 * the order they go in, their labels and what the waiting side is asked to do. Pure and
 * browser-safe: the server enforces these rules (outcomes.server.ts) and the timeline shows the
 * same ones (docs/decisions/170-confirmed-outcomes-and-reputation.md).
 */
import { z } from "zod";
import { OUTCOME_STEPS, type ApplicationStatus, type OutcomeStep } from "../../../db/enums";
import type { DisputeDecision } from "../../../db/enums";
import { answerDeadline, DisputeSchema, disputeStage, type Dispute } from "./dispute-path";
import { formatCents, LISTED_SHARE_METHODS, methodText } from "~/modules/shares/terms";

export type Party = "referrer" | "applicant";

/** Whose word each step is. */
export const STEP_PARTY: Record<OutcomeStep, Party> = {
  "bonus-posted": "referrer",
  "share-paid": "referrer",
  "bonus-received": "applicant",
  "share-received": "applicant",
  "share-not-received": "applicant",
};

/**
 * The timeline forms' intent for each step (POST /outcome). Verbs, not the API's step names: a
 * form echoes its intent in a refusal, and those should read as actions.
 */
export const STEP_INTENTS = {
  "bonus-posted": "post-bonus",
  "share-paid": "pay-share",
  "bonus-received": "confirm-bonus",
  "share-received": "confirm-share",
  "share-not-received": "dispute-share",
} as const satisfies Record<OutcomeStep, string>;

/** The timeline's words for each step. */
export const STEP_LABELS: Record<OutcomeStep, string> = {
  "bonus-posted": "Referral bonus posted",
  "share-paid": "Share paid",
  "bonus-received": "Sign-up bonus received",
  "share-received": "Share received",
  "share-not-received": "Not received",
};

/** Statuses after which nothing more happens: no bonus will post for them. */
export const CLOSED_STATUSES = ["cancelled", "denied", "rejected"] as const satisfies readonly ApplicationStatus[];

export const OUTCOME_MESSAGES = {
  onlyReferrer: "Only the referrer can record this step.",
  onlyApplicant: "Only the applicant can record this step.",
  closed: "This application was cancelled or denied, so no bonus will post.",
  needsBonusPosted: "The referral bonus has not been marked as posted yet.",
  needsSharePaid: "The referrer has not marked the share as paid yet.",
  noShare: "No share was promised on this application.",
  alreadyConfirmed: "You already confirmed that the share arrived.",
  recorded: (label: string) => `Recorded: ${label}`,
  repeated: (label: string) => `Already recorded: ${label}`,
  failed: "The step could not be recorded. Please try again.",
  amount: "Enter the dollars you paid, e.g. 50",
  method: "Choose how you paid: PayPal, Venmo, Zelle, Cash App, gift card or other",
  methodNote: "Say which method you used",
  belowPromise: (paid: string, promised: string) =>
    `You paid ${paid} of the ${promised} promised: add a note for the applicant saying why.`,
  note: "Say what went wrong",
  disputeClosed: "Dispute closed",
  // The one status story (docs/decisions/175).
  staysSuccessful: "The sign-up bonus is recorded as received, so this application stays Successful.",
} as const;

/**
 * The status an applicant's step gives its application, and so the step a status choice records
 * (the one status story, docs/decisions/175): confirming the sign-up bonus makes it Successful,
 * whether said on the timeline, in the status menu or through PUT /api/applications/card-apply/{id}.
 */
export const STEP_STATUS = { "bonus-received": "successful" } as const satisfies Partial<
  Record<OutcomeStep, ApplicationStatus>
>;

/** The status that recording `step` gives its application, if any. */
export function statusOfStep(step: OutcomeStep): ApplicationStatus | null {
  return (STEP_STATUS as Partial<Record<OutcomeStep, ApplicationStatus>>)[step] ?? null;
}

/** The step that choosing `status` records, if any. */
export function stepOfStatus(status: ApplicationStatus): OutcomeStep | null {
  const found = Object.entries(STEP_STATUS).find(([, value]) => value === status);
  return found ? (found[0] as OutcomeStep) : null;
}

/** Whether `status` closes an application (no bonus will post). */
export function isClosedStatus(status: ApplicationStatus) {
  return (CLOSED_STATUSES as readonly ApplicationStatus[]).includes(status);
}

/**
 * Why the applicant cannot move their application to `target` now (null when they can): once the
 * bonus is confirmed it stays Successful, and Successful needs what confirming the bonus needs (a
 * closed application reopens as Applied first).
 */
export function statusRefusal(target: ApplicationStatus, state: OutcomeState): string | null {
  const step = stepOfStatus(target);
  if (step) return state.recorded.has(step) ? null : orderRefusal(step, state);
  if (state.recorded.has("bonus-received")) return OUTCOME_MESSAGES.staysSuccessful;
  return null;
}

/** One recorded step, as the application's JSON carries it. */
export const OutcomeEntrySchema = z.object({
  step: z.enum(OUTCOME_STEPS),
  label: z.string(),
  /** The user who said it. */
  by: z.string().nullable(),
  at: z.string(),
  amount: z.number().nullable(),
  method: z.string().nullable(),
  note: z.string().nullable(),
});
export type OutcomeEntry = z.infer<typeof OutcomeEntrySchema>;

/** An application's outcome: its timeline, oldest first, and whether a dispute is open. */
export const OutcomeSchema = z.object({
  steps: z.array(OutcomeEntrySchema),
  disputeOpen: z.boolean(),
  /** The dispute's path: the referrer's answer, its deadline, an admin's decision (ADR 175). */
  dispute: DisputeSchema.nullable(),
});
export type Outcome = z.infer<typeof OutcomeSchema>;

interface StoredStep {
  step: OutcomeStep;
  by: string | null;
  at: number;
  amount: number | null;
  method: string | null;
  note: string | null;
  closedAt: number | null;
  answer?: string | null;
  answeredAt?: number | null;
  decision?: DisputeDecision | null;
}

/** The timeline from the application query's JSON array of outcome rows, oldest first. */
export function parseOutcome(json: string | null, now: number = Date.now()): Outcome {
  const rows = (json ? (JSON.parse(json) as StoredStep[]) : []).filter((row) => OUTCOME_STEPS.includes(row.step));
  rows.sort((a, b) => a.at - b.at || OUTCOME_STEPS.indexOf(a.step) - OUTCOME_STEPS.indexOf(b.step));
  return {
    steps: rows.map((row) => ({
      step: row.step,
      label: STEP_LABELS[row.step],
      by: row.by,
      at: new Date(row.at).toISOString(),
      amount: row.amount,
      method: row.method,
      note: row.note,
    })),
    disputeOpen: rows.some((row) => row.step === "share-not-received" && row.closedAt === null),
    dispute: disputeOf(
      rows.find((row) => row.step === "share-not-received"),
      now,
    ),
  };
}

function disputeOf(row: StoredStep | undefined, now: number): Dispute | null {
  if (!row) return null;
  const iso = (value: number | null | undefined) => (value == null ? null : new Date(value).toISOString());
  const dispute = {
    openedAt: new Date(row.at).toISOString(),
    answerBy: new Date(answerDeadline(row.at)).toISOString(),
    answer: row.answer ?? null,
    answeredAt: iso(row.answeredAt),
    closedAt: iso(row.closedAt),
    decision: row.decision ?? null,
  };
  return { ...dispute, stage: disputeStage(dispute, now) };
}

/** US dollars paid (docs/decisions/185). */
const money = z.coerce
  .number({ error: OUTCOME_MESSAGES.amount })
  .positive(OUTCOME_MESSAGES.amount)
  .max(1_000_000, OUTCOME_MESSAGES.amount);
/** One of the listed methods; its label is read too ('PayPal', 'Cash App', 'gift card'). */
const method = z.preprocess(
  (value) => (typeof value === "string" ? value.toLowerCase().replace(/[^a-z]/g, "") : value),
  z.enum(LISTED_SHARE_METHODS, { error: OUTCOME_MESSAGES.method }),
);
const note = z.string({ error: OUTCOME_MESSAGES.note }).trim().min(1, OUTCOME_MESSAGES.note).max(1000);
/** share-paid's note: the method for 'other', or why less than promised was paid; shown to the applicant. */
const paidNote = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().max(1000).optional(),
);

/** What each step carries besides its name (the timeline's forms add the application's `id`). */
export const STEP_FIELDS = {
  "bonus-posted": {},
  "share-paid": { amount: money, method, note: paidNote },
  "bonus-received": {},
  "share-received": {},
  "share-not-received": { note },
} as const;

/** POST /api/applications/card-apply/{id}/outcome: one step. */
export const OutcomeStepSchema = z.discriminatedUnion(
  "step",
  [
    z.object({ step: z.literal("bonus-posted"), ...STEP_FIELDS["bonus-posted"] }),
    z.object({ step: z.literal("share-paid"), ...STEP_FIELDS["share-paid"] }),
    z.object({ step: z.literal("bonus-received"), ...STEP_FIELDS["bonus-received"] }),
    z.object({ step: z.literal("share-received"), ...STEP_FIELDS["share-received"] }),
    z.object({ step: z.literal("share-not-received"), ...STEP_FIELDS["share-not-received"] }),
  ],
  { error: "Choose a valid step" },
);
export type OutcomeStepInput = z.infer<typeof OutcomeStepSchema>;

/**
 * Why a share-paid record is refused, with the field to show it at (docs/decisions/185): 'other'
 * needs the method's words, and an amount below the promise needs a note for the applicant.
 */
export function sharePaidRefusal(
  input: { amount: number; method: string; note?: string | null },
  promisedCents: number | null,
): { field: "note"; message: string } | null {
  if (input.method === "other" && !input.note) return { field: "note", message: OUTCOME_MESSAGES.methodNote };
  const paidCents = Math.round(input.amount * 100);
  if (promisedCents !== null && paidCents < promisedCents && !input.note) {
    return {
      field: "note",
      message: OUTCOME_MESSAGES.belowPromise(formatCents(paidCents), formatCents(promisedCents)),
    };
  }
  return null;
}

/** '$50 by Zelle', as a recorded share-paid step reads (older records kept their free-text method). */
export function paidText(entry: { amount: number | null; method: string | null }): string | null {
  if (entry.amount === null) return null;
  const amount = formatCents(Math.round(entry.amount * 100));
  return entry.method ? `${amount} by ${methodText(entry.method)}` : amount;
}

/** What the rules need to know about an application. */
export interface OutcomeState {
  status: ApplicationStatus;
  promisedSharePercent: number;
  recorded: ReadonlySet<OutcomeStep>;
}

/**
 * What a step needs, one condition at a time, each with the refusal it gives when it does not hold.
 * The one statement of the steps' order (docs/decisions/095-rules-derived-once.md): `orderRefusal`
 * reads it here, and the batch's guard is the same conditions in SQL (outcomes.server.ts
 * `stepGuard`), so the check before the batch, the guard in it and the reason given when the guard
 * failed cannot disagree (tests/worker/outcome-rules.test.ts tries every state).
 */
export type StepCondition =
  /** The application is not closed (CLOSED_STATUSES). */
  | { kind: "open"; refusal: string }
  /** A share was promised on it. */
  | { kind: "share-promised"; refusal: string }
  /** `step` was recorded before. */
  | { kind: "recorded"; step: OutcomeStep; refusal: string }
  /** `step` was not recorded. */
  | { kind: "not-recorded"; step: OutcomeStep; refusal: string };

/**
 * Steps go forward: the bonus steps only while the application is open, the share is paid after
 * the bonus posted, confirmed after it was paid, and disputed once it is owed (bonus posted) and
 * until it was confirmed.
 */
export const STEP_CONDITIONS: Record<OutcomeStep, readonly StepCondition[]> = {
  "bonus-posted": [{ kind: "open", refusal: OUTCOME_MESSAGES.closed }],
  "bonus-received": [{ kind: "open", refusal: OUTCOME_MESSAGES.closed }],
  "share-paid": [
    { kind: "share-promised", refusal: OUTCOME_MESSAGES.noShare },
    { kind: "recorded", step: "bonus-posted", refusal: OUTCOME_MESSAGES.needsBonusPosted },
  ],
  "share-received": [{ kind: "recorded", step: "share-paid", refusal: OUTCOME_MESSAGES.needsSharePaid }],
  "share-not-received": [
    { kind: "not-recorded", step: "share-received", refusal: OUTCOME_MESSAGES.alreadyConfirmed },
    { kind: "recorded", step: "bonus-posted", refusal: OUTCOME_MESSAGES.needsBonusPosted },
  ],
};

function holds(condition: StepCondition, state: OutcomeState) {
  switch (condition.kind) {
    case "open":
      return !isClosedStatus(state.status);
    case "share-promised":
      return state.promisedSharePercent > 0;
    case "recorded":
      return state.recorded.has(condition.step);
    case "not-recorded":
      return !state.recorded.has(condition.step);
    default:
      return condition satisfies never;
  }
}

/**
 * Why `step` cannot be taken now (null when it can, or when it is already recorded: a repeat
 * changes nothing): the first of its STEP_CONDITIONS that does not hold.
 */
export function orderRefusal(step: OutcomeStep, state: OutcomeState): string | null {
  if (state.recorded.has(step)) return null;
  return STEP_CONDITIONS[step].find((condition) => !holds(condition, state))?.refusal ?? null;
}

/** The steps `party` can take now, in timeline order. */
export function availableSteps(party: Party, state: OutcomeState): OutcomeStep[] {
  return OUTCOME_STEPS.filter(
    (step) => STEP_PARTY[step] === party && !state.recorded.has(step) && orderRefusal(step, state) === null,
  );
}

interface Promised {
  percent: number;
  amountCents: number | null;
}

/**
 * What the waiting side is asked to do, in the words the timeline shows it ('Confirm you received
 * $30'); null when nothing is expected of `party` now.
 */
export function expectedOf(
  party: Party,
  outcome: Outcome,
  promised: Promised,
  status: ApplicationStatus,
): string | null {
  const recorded = new Set(outcome.steps.map((entry) => entry.step));
  const state = { status, promisedSharePercent: promised.percent, recorded };
  const share = promised.amountCents === null ? null : formatCents(promised.amountCents);
  if (party === "applicant") {
    const paid = outcome.steps.find((entry) => entry.step === "share-paid");
    if (paid && !recorded.has("share-received")) {
      const amount = paid.amount !== null ? formatCents(Math.round(paid.amount * 100)) : share;
      return amount ? `Confirm you received ${amount}` : null;
    }
    return availableSteps("applicant", state).includes("bonus-received")
      ? "Tell the referrer when your sign-up bonus arrives"
      : null;
  }
  if (outcome.disputeOpen) return "The applicant says the share did not arrive: talk it over in the chat";
  if (availableSteps("referrer", state).includes("share-paid")) {
    return share ? `Pay the promised share: ${share}` : "Pay the promised share";
  }
  return availableSteps("referrer", state).includes("bonus-posted")
    ? "Mark the referral bonus as posted when the issuer pays it"
    : null;
}
