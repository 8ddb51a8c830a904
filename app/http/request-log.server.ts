/**
 * Every request the Worker answers, observed (docs/decisions/065-logs-and-error-reports.md): a
 * request id (also the `x-request-id` response header), one log line when the answer is ready,
 * and an unexpected error that escapes the handlers logged, reported and answered with a bare 500.
 */
import { logInvocation, noteUnexpected, startInvocation, type Invocation } from "~/core/log";
import { INTERNAL_ERROR_MESSAGE } from "./envelope.server";
import { errorReporter } from "./error-report.server";

export const REQUEST_ID_HEADER = "x-request-id";

/** The response carrying the request id (a copy when its headers are immutable, e.g. from the cache). */
function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    if (response.webSocket) return response;
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

export async function observeRequest(
  request: Request,
  env: { SENTRY_DSN?: string; ENVIRONMENT?: string },
  ctx: ExecutionContext,
  measure: { route: string; d1Calls: () => number },
  handle: (invocation: Invocation) => Promise<Response>,
): Promise<Response> {
  const invocation = startInvocation("request", measure.route, {
    method: request.method,
    report: errorReporter(env, (promise) => ctx.waitUntil(promise)),
  });
  let response: Response;
  try {
    response = await handle(invocation);
  } catch (error) {
    noteUnexpected(invocation, error, "worker");
    response = new Response(INTERNAL_ERROR_MESSAGE, { status: 500 });
  }
  logInvocation(invocation, { status: response.status, d1Calls: measure.d1Calls() });
  return withRequestId(response, invocation.requestId);
}
