/**
 * Sends probes to the Worker and judges each answer against the oracle: never a 5xx; a refused
 * request with one of its checks' statuses, in the envelope on /api, a 405 with its Allow, and
 * no row written nor error logged.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { RegisteredRoute } from "~/http/registry.server";
import worker from "../../../server";
import { ORIGIN } from "../helpers";
import { expectationFor, type Expected } from "./oracle";
import type { Probe } from "./probes";
import { writesBetween, writesSoFar } from "./writes";
import { tokenOf, type Role, type World } from "./world";

export interface Answer {
  status: number;
  text: string;
  /** A redirect: a 3xx, or a data request's 202 with the Location it sends the browser to. */
  redirected: boolean;
  /** The Allow header (a 405 must name the methods the route answers). */
  allow?: string | null;
}

/** Totals for the closing report. */
export const tally = {
  routes: new Set<string>(),
  endpoints: new Set<string>(),
  requests: 0,
  byKind: {} as Record<string, number>,
  statuses: {} as Record<string, number>,
  generated: 0,
  /** Each route's time, for the report's slowest routes. */
  slowest: [] as [string, number][],
};

const encoder = new TextEncoder();

/**
 * What the Worker logged as an error (it runs in this isolate, so its console is this one's). A
 * refused request is an answer, not a failure: it logs nothing.
 */
const errorsLogged: unknown[][] = [];
export function watchErrors() {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errorsLogged.push(args);
    original.apply(console, args);
  };
  return () => {
    console.error = original;
  };
}

async function sideEffectsMark() {
  return { writes: await writesSoFar(), logged: errorsLogged.length };
}

/** Rows written and errors logged since `since` (a `sideEffectsMark()`), in words; empty when none. */
async function sideEffectsSince(since: Awaited<ReturnType<typeof sideEffectsMark>>) {
  const effects = writesBetween(since.writes, await writesSoFar()).map((written) => `wrote ${written}`);
  const logged = errorsLogged.slice(since.logged);
  if (logged.length) effects.push(`logged "${String(logged[0]![0]).split("\n")[0]!.slice(0, 160)}"`);
  return effects;
}

function describe(probe: Probe, role: Role) {
  const body =
    probe.body === null
      ? ""
      : ` body ${JSON.stringify(probe.body.length > 160 ? `${probe.body.slice(0, 160)}... (${probe.body.length} characters)` : probe.body)}`;
  const search =
    probe.search.length > 120 ? `${probe.search.slice(0, 120)}... (${probe.search.length} characters)` : probe.search;
  const type = probe.contentType ? ` [${probe.contentType}]` : "";
  const path = urlOf({ ...probe, search: "" });
  return `${probe.method} ${path.length > 200 ? `${path.slice(0, 200)}...` : path}${search} as ${role} (${probe.label})${type}${body}`;
}

/** The URL a probe goes to: Remix's data request is the path with `.data` (the root's is `/_root.data`). */
function urlOf(probe: Probe) {
  const path = probe.data ? `${probe.path === "/" ? "/_root" : probe.path}.data` : probe.path;
  return `${path}${probe.search}`;
}

/** GET and HEAD carry no body (fetch refuses one). */
function withoutBodyOnReads(probe: Probe): Probe {
  return probe.method === "GET" || probe.method === "HEAD" ? { ...probe, contentType: null, body: null } : probe;
}

/**
 * Sends a probe to the Worker's own entry (server.ts), called in this isolate rather than through
 * `SELF`: the Workers pool (0.15) wraps the entrypoint's prototype in one more Proxy each time it
 * builds the entrypoint for a `SELF` call (createProxyPrototypeClass; cloudflare/workers-sdk#15446),
 * so each of the suite's thousands of requests was slower than the one before (646 s in all) until
 * the chain of proxies overflowed the stack ("Maximum call stack size exceeded"). Waiting on the execution context also means the request's after-work (waitUntil: mail,
 * counters) is done when the answer is judged, so its writes belong to it.
 */
export async function send(probe: Probe, role: Role, world: World): Promise<Answer> {
  const headers = new Headers();
  const token = tokenOf(world, role);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (probe.contentType) headers.set("Content-Type", probe.contentType);
  const request = new Request(new URL(urlOf(probe), ORIGIN), {
    method: probe.method,
    headers,
    // Bytes, not a string: a string body would get a text/plain Content-Type the probe did not send.
    body: probe.body === null ? null : encoder.encode(probe.body),
    redirect: "manual",
  });
  const context = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, context);
  const text = await response.text();
  await waitOnExecutionContext(context);
  tally.requests += 1;
  tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
  const redirected =
    (response.status >= 300 && response.status < 400) || (response.status === 202 && response.headers.has("Location"));
  return { status: response.status, text, redirected, allow: response.headers.get("Allow") };
}

export function expectation(route: RegisteredRoute, probe: Probe, role: Role) {
  return expectationFor(route, role, {
    method: probe.method,
    url: new URL(`${probe.path}${probe.search}`, ORIGIN),
    contentType: probe.contentType,
    bytes: encoder.encode(probe.body ?? "") as Uint8Array<ArrayBuffer>,
    params: probe.params,
    data: probe.data === true,
  });
}

const INTERNALS = /\n\s+at |SQLITE|D1_ERROR|TypeError|ReferenceError|undefined is not|Cannot read prop/;

/** What is wrong with an answer (null when nothing). */
export function judge(
  route: RegisteredRoute,
  probe: Probe,
  role: Role,
  expected: Expected,
  answer: Answer,
): string | null {
  const got = `got ${answer.status} ${answer.text.slice(0, 200).replace(/\s+/g, " ")}`;
  const because = "because" in expected ? ` (${expected.because.join("; ")})` : "";
  let problem: string | null = null;
  if (answer.status >= 500) problem = `a server error`;
  else if (
    expected.outcome === "refused" &&
    !expected.statuses.includes(answer.status) &&
    !(expected.orRedirect && answer.redirected)
  )
    problem = `expected ${expected.statuses.join(" or ")}${because}`;
  else if (expected.outcome === "redirect" && !answer.redirected) problem = `expected a redirect${because}`;
  else if (answer.status === 405 && !allowsOtherMethods(answer.allow, probe.method))
    problem = "a 405 without an Allow header naming the methods the route answers";
  else if (answer.status >= 400 && route.path.startsWith("/api/") && probe.method !== "HEAD") {
    let envelope: { success?: unknown; message?: unknown } | null = null;
    try {
      envelope = JSON.parse(answer.text);
    } catch {
      envelope = null;
    }
    if (envelope?.success !== false || typeof envelope.message !== "string" || !envelope.message)
      problem = "an /api failure outside the envelope {success: false, message}";
    else if (INTERNALS.test(envelope.message)) problem = "internal text in the message";
  }
  return problem ? `${describe(probe, role)}: ${problem}; ${got}` : null;
}

function allowsOtherMethods(allow: string | null | undefined, method: string) {
  const methods = (allow ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return methods.length > 0 && !methods.includes(method);
}

/** Runs `items` through `work`, `width` at a time. */
async function pooled<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Tries every probe and returns the problems found, each naming the request. Refused requests go
 * first, several at a time, between two readings of the write counters and the error log; if
 * anything was written or logged, they are sent again one by one to name the one that did.
 * Accepted requests go last, one at a time.
 */
export async function tryProbes(route: RegisteredRoute, probes: Probe[], role: Role, world: World): Promise<string[]> {
  const judged = await Promise.all(
    probes.map(withoutBodyOnReads).map(async (probe) => ({ probe, expected: await expectation(route, probe, role) })),
  );
  const problems: string[] = [];
  const check = async ({ probe, expected }: (typeof judged)[number]) => {
    tally.byKind[probe.kind] = (tally.byKind[probe.kind] ?? 0) + 1;
    const problem = judge(route, probe, role, expected, await send(probe, role, world));
    if (problem) problems.push(problem);
  };

  const refused = judged.filter(({ expected }) => expected.outcome !== "accepted");
  const before = await sideEffectsMark();
  await pooled(refused, 4, check);
  if ((await sideEffectsSince(before)).length) {
    for (const { probe } of refused) {
      const start = await sideEffectsMark();
      await send(probe, role, world);
      const effects = await sideEffectsSince(start);
      if (effects.length) problems.push(`${describe(probe, role)}: refused, yet ${effects.join(", ")}`);
    }
  }
  for (const item of judged.filter(({ expected }) => expected.outcome === "accepted")) await check(item);
  return problems;
}

/** One generated request: judged like a probe, and a refused one must write and log nothing. */
export async function tryGenerated(
  route: RegisteredRoute,
  generated: Probe,
  role: Role,
  world: World,
): Promise<string | null> {
  tally.generated += 1;
  const probe = withoutBodyOnReads(generated);
  const expected = await expectation(route, probe, role);
  const before = expected.outcome === "accepted" ? null : await sideEffectsMark();
  const problem = judge(route, probe, role, expected, await send(probe, role, world));
  if (problem) return problem;
  const effects = before ? await sideEffectsSince(before) : [];
  return effects.length ? `${describe(probe, role)}: refused, yet ${effects.join(", ")}` : null;
}
