import type { SubmissionResult } from "@conform-to/react";

/**
 * The `code` of a post refused for want of a session (401): the page's fetchers send the member to
 * sign in again on it (app/utils/sign-in-again.ts).
 */
export const SIGN_IN_REQUIRED = "SIGN_IN_REQUIRED";

/** What a failed post answers (with its 4xx status): conform's reply and the message to show. */
export interface FormFailure {
  ok: false;
  intent: string;
  result: SubmissionResult<string[]>;
  message: string;
  code: string | null;
  /** The row a list's button acted on, when the form named one (`id`). */
  id: string | null;
}
