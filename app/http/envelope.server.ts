/**
 * The /api envelope (docs/product.md#api): success `{ success: true, ...payload }`, failure
 * `{ success: false, message, errors?, code? }` with the right status. Only the route kit and the
 * few hand-written answers (404 for unknown /api paths) build these.
 */
import { DomainError } from "~/core/errors";
import { noteUnexpected, type Invocation } from "~/core/log";

export function apiSuccess(payload: Record<string, unknown> = {}, init?: ResponseInit) {
  return Response.json({ success: true, ...payload }, init);
}

export function apiFailure(
  status: number,
  message: string,
  errors?: Record<string, string>,
  code?: string,
  headers?: HeadersInit,
) {
  return Response.json(
    { success: false, message, ...(errors ? { errors } : {}), ...(code ? { code } : {}) },
    { status, headers },
  );
}

/** The text of every unexpected failure: nothing internal (no stack, no SQL) reaches a client. */
export const INTERNAL_ERROR_MESSAGE = "Internal server error";

/**
 * Any error thrown while answering an /api request, in the envelope: a domain error with its
 * status, a thrown Response as it is, anything else logged and answered with a bare 500.
 */
export function apiError(error: unknown, invocation?: Invocation): Response {
  if (error instanceof Response) return error;
  if (error instanceof DomainError) return apiFailure(error.status, error.message, error.errors, error.code);
  noteUnexpected(invocation, error, "api");
  return apiFailure(500, INTERNAL_ERROR_MESSAGE);
}

/** A 405 naming the methods the route does answer. */
export function methodNotAllowed(allow: readonly string[]) {
  return apiFailure(405, "Method not allowed", undefined, undefined, { Allow: allow.join(", ") });
}
