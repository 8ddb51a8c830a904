/**
 * Which step of /refer to show (docs/product.md#refer). The step and the issuer live in the URL
 * (`?step=details&issuer=Chase`, `?step=preview&issuer=Chase`), so every step is a plain link or
 * form post and works the same with JavaScript and without; what a post answered fills it in.
 */
import type { SubmissionResult } from "@conform-to/react";
import { blankReferralForm, referralFormValue, type ReferralFormValue } from "~/modules/referrals/form-values";
import { OTHER_CARD, type ReferralInput } from "~/modules/referrals/schemas";

export const REFER_PATH = "/refer";
export const STEPS = ["issuer", "details", "preview"] as const;
export type Step = (typeof STEPS)[number];

/** Step 2 with a new card of a listed issuer: every issuer offers 'Other card' (docs/product.md#refer). */
export function otherCardUrl(issuer: string) {
  return `${REFER_PATH}?${new URLSearchParams({ step: "details", issuer: OTHER_CARD, cardIssuer: issuer })}`;
}

/** The URL of a step for an issuer. */
export function referUrl(step: Step, issuer?: string | null) {
  const query = new URLSearchParams({ step });
  if (issuer && step !== "issuer") query.set("issuer", issuer);
  return `${REFER_PATH}?${query}`;
}

export const issuerLabel = (issuer: string) => (issuer === OTHER_CARD ? "Other (Not Listed)" : issuer);

/** A checked referral as the page receives it (the brand is a type only, it does not travel). */
export type Draft = Omit<ReferralInput, keyof ReferralInput & symbol>;

/** What the action answered, as the flow reads it. */
export type Answer =
  | { ok: true; intent: "preview"; draft: Draft; duplicateLink: boolean; waitsForReview?: boolean }
  | { ok: true; intent: "edit"; draft: Draft }
  | { ok: false; intent: string; message: string; result: SubmissionResult<string[]> }
  | undefined;

export type Flow =
  | { step: "issuer" }
  | { step: "details"; issuer: string; defaultValue: ReferralFormValue; lastResult?: SubmissionResult<string[]> }
  | { step: "preview"; issuer: string; draft: Draft; duplicateLink: boolean; waitsForReview: boolean };

/** The preview's draft a refused Edit or Confirm & Create sent back (it came from the browser: read with care). */
function sentDraft(result: SubmissionResult<string[]>): Partial<Draft> | null {
  const text = result.initialValue?.draft;
  if (typeof text !== "string") return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A refusal of the preview's draft as a result for the details form: the draft's values, its
 * field errors under their own names (the draft's schema nests them under `draft.`), the reason.
 */
function draftRefusal(draft: Partial<Draft>, answer: { message: string; result: SubmissionResult<string[]> }) {
  const error: Record<string, string[]> = { "": [answer.message] };
  for (const [name, messages] of Object.entries(answer.result.error ?? {})) {
    if (name.startsWith("draft.") && messages) error[name.slice("draft.".length)] = messages;
  }
  const result: SubmissionResult<string[]> = {
    status: "error",
    initialValue: referralFormValue(draft) as SubmissionResult["initialValue"],
    error,
  };
  return result;
}

/** The issuers of the cards a member may use, each with its cards' ids. */
type Groups = readonly { issuer: string; cardIds: readonly string[] }[];

/** The issuer of a card ('other' for a new card), for a post whose URL did not name it. */
function issuerOfCard(groups: Groups, creditCardId: unknown) {
  if (creditCardId === OTHER_CARD) return OTHER_CARD;
  return groups.find((group) => group.cardIds.some((id) => id === creditCardId))?.issuer ?? null;
}

/**
 * The step to show for the URL and the action's answer. An unknown issuer is step 1; a preview
 * that cannot be shown (nothing was posted, or it was refused) is step 2 with the reasons.
 */
export function referFlow(
  url: { step: Step | null; issuer: string | null; cardIssuer?: string | null },
  answer: Answer,
  groups: Groups,
): Flow {
  const draft = answer?.ok ? answer.draft : answer && answer.intent !== "preview" ? sentDraft(answer.result) : null;
  const issuer = url.issuer ?? issuerOfCard(groups, draft?.creditCardId);
  const known = issuer === OTHER_CARD || groups.some((group) => group.issuer === issuer);
  if (!issuer || !known || (url.step === "issuer" && !answer)) return { step: "issuer" };
  if (answer?.ok && answer.intent === "preview") {
    return {
      step: "preview",
      issuer,
      draft: answer.draft,
      duplicateLink: answer.duplicateLink,
      waitsForReview: answer.waitsForReview ?? false,
    };
  }
  if (answer?.ok) return { step: "details", issuer, defaultValue: referralFormValue(answer.draft) };
  if (answer && draft) {
    return { step: "details", issuer, defaultValue: referralFormValue(draft), lastResult: draftRefusal(draft, answer) };
  }
  return {
    step: "details",
    issuer,
    defaultValue:
      issuer === OTHER_CARD ? blankReferralForm(OTHER_CARD, url.cardIssuer ?? undefined) : blankReferralForm(""),
    lastResult: answer?.result,
  };
}
