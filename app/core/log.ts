/**
 * Structured logs (docs/decisions/065-logs-and-error-reports.md): one JSON line per invocation (a
 * request, a room event, a cron step) and one per unexpected error, sharing the invocation's
 * request id. Workers Logs (wrangler.toml [observability]) indexes each line's fields. A line names
 * a user by id only: never an email, a token, a cookie or a body.
 */
import { DomainError } from "./errors";

export type InvocationKind = "request" | "room" | "cron";

/** One unit of work being observed: created by the Worker entry, a room or the cron. */
export interface Invocation {
  readonly requestId: string;
  readonly kind: InvocationKind;
  /** Remix's route id, `room:<Class>:<event>`, or `cron:<step>`. */
  route: string;
  readonly method: string | null;
  /** The signed-in member, once the request has looked them up. */
  userId: string | null;
  readonly startedAt: number;
  /** Hands an unexpected error to the error reporter (a no-op without SENTRY_DSN). */
  readonly report: ErrorReporter;
  /** Errors already logged, so one passing several handlers is logged and reported once. */
  readonly seen: WeakSet<object>;
}

export type ErrorReporter = (error: unknown, invocation: Invocation) => void;
const noReporter: ErrorReporter = () => {};

export function startInvocation(
  kind: InvocationKind,
  route: string,
  options: { method?: string; userId?: string | null; report?: ErrorReporter } = {},
): Invocation {
  return {
    requestId: crypto.randomUUID(),
    kind,
    route,
    method: options.method ?? null,
    userId: options.userId ?? null,
    startedAt: Date.now(),
    report: options.report ?? noReporter,
    seen: new WeakSet(),
  };
}

const EMAIL = /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/**
 * drizzle's failed-query message ends with the bound values: tokens, addresses, texts, which may
 * span lines. Dropped up to the stack's first frame or the end of the text.
 */
const QUERY_PARAMS = /(^|\n)params: [\s\S]*?(?=\n\s+at |$)/g;
/**
 * A text fit for a log or a report: a failed query's values are dropped and addresses that
 * slipped into an error message are masked.
 */
export const scrubText = (text: string) =>
  text.replace(QUERY_PARAMS, "$1params: [not logged]").replace(EMAIL, "[email]");

/** The line that closes an invocation: what ran, for whom (an id), how it ended, how long it took. */
export function logInvocation(
  invocation: Invocation,
  outcome: { status?: number; failed?: boolean; d1Calls: number | null },
) {
  const failed = outcome.failed ?? (outcome.status ?? 0) >= 500;
  // The one place that writes info lines: Workers Logs keeps them (ADR 065).
  // eslint-disable-next-line no-console
  (failed ? console.warn : console.log)(
    JSON.stringify({
      level: failed ? "warn" : "info",
      type: invocation.kind,
      requestId: invocation.requestId,
      route: invocation.route,
      method: invocation.method,
      status: outcome.status ?? null,
      outcome: failed ? "error" : "ok",
      durationMs: Date.now() - invocation.startedAt,
      d1Calls: outcome.d1Calls,
      userId: invocation.userId,
    }),
  );
}

/**
 * An error nobody meant: a refusal (DomainError, a thrown Response, an abort) is an answer, not a
 * failure, and is neither logged nor reported.
 */
export function isUnexpected(error: unknown): boolean {
  if (error instanceof DomainError || error instanceof Response) return false;
  const type = (error as { type?: unknown } | null)?.type;
  const name = (error as { name?: unknown } | null)?.name;
  return type !== "DataWithResponseInit" && name !== "AbortError";
}

/**
 * Logs an unexpected error as one line with the invocation's request id and route, and reports
 * it. Without an invocation (`remix vite:dev`) it goes to console.error as before.
 */
export function noteUnexpected(invocation: Invocation | undefined, error: unknown, where?: string) {
  if (!isUnexpected(error)) return;
  if (!invocation) {
    console.error(error);
    return;
  }
  if (typeof error === "object" && error !== null) {
    if (invocation.seen.has(error)) return;
    invocation.seen.add(error);
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  console.error(
    JSON.stringify({
      level: "error",
      type: "error",
      requestId: invocation.requestId,
      route: invocation.route,
      kind: invocation.kind,
      where: where ?? null,
      userId: invocation.userId,
      error: failure.name,
      message: scrubText(failure.message),
      stack: failure.stack ? scrubText(failure.stack) : null,
    }),
  );
  invocation.report(error, invocation);
}
