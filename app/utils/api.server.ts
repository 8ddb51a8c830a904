/**
 * The /api envelope (decisions.md): success `{ success: true, ...payload }`, failure
 * `{ success: false, message, errors? }` with the right status. Domain modules throw DomainError;
 * `apiRoute` turns it (and anything unexpected) into the envelope.
 */
import { DomainError, fieldErrors } from "~/core/errors";

// Moving to the route kit (app/http) and the core (app/core); these re-exports go when every route is on the kit.
export { DomainError, fieldErrors };

export function apiSuccess(payload: Record<string, unknown> = {}, init?: ResponseInit) {
  return Response.json({ success: true, ...payload }, init);
}

export function apiFailure(status: number, message: string, errors?: Record<string, string>, code?: string) {
  return Response.json(
    { success: false, message, ...(errors ? { errors } : {}), ...(code ? { code } : {}) },
    { status },
  );
}

/** Runs an /api handler, answering domain errors with their status and anything else with a bare 500. */
export async function apiRoute(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return apiFailure(error.status, error.message, error.errors, error.code);
    console.error(error);
    return apiFailure(500, "Internal server error");
  }
}

/** Parses a JSON body with a zod schema; bad JSON or invalid input is a 400 naming each field. */
export async function parseJsonBody<T>(
  request: Request,
  schema: {
    safeParse(
      data: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
): Promise<T> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new DomainError(400, "The request body must be JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error.issues);
    throw new DomainError(400, Object.values(errors)[0] ?? "Invalid input", errors);
  }
  return result.data;
}

/**
 * A body that names a user (`userId`, `referrer`) must name the caller: the API acts only as the
 * signed-in user. Absent (undefined or null) is fine; anyone else is a 403 with `message`, given on
 * `field` too when named.
 */
export function assertSelf(named: unknown, callerId: string, message: string, field?: string) {
  if (named == null || named === callerId) return;
  throw new DomainError(403, message, field ? { [field]: message } : undefined);
}

/** Only the listed methods reach a handler; others are a 405 in the envelope. */
export function methodNotAllowed() {
  return apiFailure(405, "Method not allowed");
}
