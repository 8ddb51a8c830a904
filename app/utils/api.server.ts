/**
 * The /api envelope (decisions.md): success `{ success: true, ...payload }`, failure
 * `{ success: false, message, errors? }` with the right status. Domain modules throw DomainError;
 * `apiRoute` turns it (and anything unexpected) into the envelope.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export function apiSuccess(payload: Record<string, unknown> = {}, init?: ResponseInit) {
  return Response.json({ success: true, ...payload }, init);
}

export function apiFailure(status: number, message: string, errors?: Record<string, string>) {
  return Response.json({ success: false, message, ...(errors ? { errors } : {}) }, { status });
}

/** Runs an /api handler, answering domain errors with their status and anything else with a bare 500. */
export async function apiRoute(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return apiFailure(error.status, error.message, error.errors);
    console.error(error);
    return apiFailure(500, "Internal server error");
  }
}
