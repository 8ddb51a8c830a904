import type { SubmissionResult } from "@conform-to/react";
import type { DomainError } from "~/core/errors";

/**
 * A conform reply for a domain error: its message on the form, its field errors on their fields,
 * secrets (passwords) left out of what goes back to the browser.
 */
export function replyWithDomainError(
  submission: { reply: (options: object) => SubmissionResult },
  error: DomainError,
  hideFields: string[] = [],
) {
  return submission.reply({
    formErrors: [error.message],
    fieldErrors: Object.fromEntries(Object.entries(error.errors ?? {}).map(([key, value]) => [key, [value]])),
    hideFields,
  });
}
