/**
 * The one error a domain function throws when a request cannot be done: a status from the /api
 * envelope's list (docs/product.md#api), a message in the person's words, optional field errors and
 * a stable code. It knows nothing of HTTP; the route kit (app/http) turns it into an answer.
 */
export type DomainStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

export class DomainError extends Error {
  constructor(
    readonly status: DomainStatus,
    message: string,
    readonly errors?: Record<string, string>,
    /** A stable machine-readable reason, e.g. EMAIL_NOT_VERIFIED, for clients that branch on it. */
    readonly code?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Field errors of a failed zod parse, one message per field (the first); "form" for the whole. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A 400 DomainError for a failed zod parse, its first field's message as the message. */
export function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors = fieldErrors(issues);
  return new DomainError(400, Object.values(errors)[0] ?? "Invalid input", errors);
}
