/**
 * Error reports through Sentry's SDK for Workers (docs/decisions/065-logs-and-error-reports.md):
 * on only when SENTRY_DSN is set. Each report is one event with the invocation's request id, route
 * and kind as tags and the member's id; nothing personal (no request, headers, cookies, bodies,
 * breadcrumbs; addresses in messages masked). One client per report: reports are rare, and a
 * client shared across requests would hold one request's I/O in another's.
 */
import {
  CloudflareClient,
  createTransport,
  linkedErrorsIntegration,
  Scope,
  type ErrorEvent,
  type Event,
  type Exception,
  type StackFrame,
} from "@sentry/cloudflare";
import type { ErrorReporter, Invocation } from "~/core/log";
import { scrubText } from "~/core/log";

type ClientOptions = ConstructorParameters<typeof CloudflareClient>[0];
type TransportOptions = Parameters<ClientOptions["transport"]>[0];

/** Sends each envelope with the Worker's own fetch (the tests' fake ingest sits at the network edge). */
const fetchTransport = (options: TransportOptions) =>
  createTransport(options, async (request) => {
    const response = await fetch(options.url, { method: "POST", body: request.body as BodyInit });
    await response.arrayBuffer();
    return {
      statusCode: response.status,
      headers: {
        "x-sentry-rate-limits": response.headers.get("X-Sentry-Rate-Limits"),
        "retry-after": response.headers.get("Retry-After"),
      },
    };
  });

const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
/** V8's stack lines as Sentry frames, the frame that threw last (as Sentry orders them). */
function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n").slice(0, 50)) {
    const match = V8_FRAME.exec(line);
    if (!match) continue;
    frames.push({
      function: match[1] ?? "?",
      filename: match[2],
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !match[2]!.includes("node_modules"),
    });
  }
  return frames.reverse();
}

const scrubException = (exception: Exception): Exception => ({
  ...exception,
  value: exception.value === undefined ? undefined : scrubText(exception.value),
});

/**
 * What leaves the Worker: the error (type, message, frames), tags, level, release facts, the user
 * id. Everything the SDK might have gathered about the request or the person is dropped.
 */
export function withoutPersonalData<E extends Event>(event: E): E {
  return {
    event_id: event.event_id,
    timestamp: event.timestamp,
    platform: event.platform,
    level: event.level,
    environment: event.environment,
    release: event.release,
    sdk: event.sdk,
    tags: event.tags,
    message: event.message === undefined ? undefined : scrubText(event.message),
    exception: event.exception && { values: event.exception.values?.map(scrubException) },
    user: event.user?.id ? { id: event.user.id } : undefined,
  } as E;
}

/** The reporter for one invocation's errors, or undefined when SENTRY_DSN is not set. */
export function errorReporter(
  env: { SENTRY_DSN?: string; ENVIRONMENT?: string },
  waitUntil: (promise: Promise<unknown>) => void,
): ErrorReporter | undefined {
  const dsn = env.SENTRY_DSN?.trim();
  if (!dsn) return undefined;
  return (error: unknown, invocation: Invocation) => {
    const client = new CloudflareClient({
      dsn,
      environment: env.ENVIRONMENT ?? "production",
      // The error's causes (drizzle's failed query wraps D1's own error); nothing that reads the request.
      integrations: [linkedErrorsIntegration()],
      transport: fetchTransport,
      stackParser: parseStack,
      maxBreadcrumbs: 0,
      beforeSend: (event: ErrorEvent) => withoutPersonalData(event),
    });
    client.init();
    const scope = new Scope();
    scope.setClient(client);
    scope.setTags({ request_id: invocation.requestId, route: invocation.route, kind: invocation.kind });
    if (invocation.userId) scope.setUser({ id: invocation.userId });
    scope.captureException(error);
    waitUntil(
      client
        .flush(5000)
        .catch((failure: unknown) => console.error("error report could not be sent", failure))
        .finally(() => client.dispose()),
    );
  };
}
