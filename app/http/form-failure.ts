import type { SubmissionResult } from "@conform-to/react";

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
