/**
 * Sends probes to the Worker and judges each answer against the oracle: never a 5xx; a refused
 * request with one of its checks' statuses, in the envelope on /api, and no row written.
 */
import { SELF } from "cloudflare:test";
import type { RegisteredRoute } from "~/http/registry.server";
import { ORIGIN } from "../helpers";
import { expectationFor, type Expected } from "./oracle";
import type { Probe } from "./probes";
import { settledWrites, writesBetween, writesSoFar } from "./writes";
import { tokenOf, type Role, type World } from "./world";

export interface Answer {
  status: number;
  text: string;
  /** A redirect: a 3xx, or a data request's 202 with the Location it sends the browser to. */
  redirected: boolean;
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

/** Whether a request that reached the domain ran since the counters last settled. */
let domainRan = true;

/** The write counters once nothing is being written any more (cheap when nothing ran since). */
async function quietWrites() {
  if (!domainRan) return writesSoFar();
  domainRan = false;
  return settledWrites();
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

export async function send(probe: Probe, role: Role, world: World): Promise<Answer> {
  const headers = new Headers();
  const token = tokenOf(world, role);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (probe.contentType) headers.set("Content-Type", probe.contentType);
  const response = await SELF.fetch(new URL(urlOf(probe), ORIGIN), {
    method: probe.method,
    headers,
    // Bytes, not a string: fetch would add a text/plain Content-Type to a string the probe sends without one.
    body: probe.body === null ? null : encoder.encode(probe.body),
    redirect: "manual",
  });
  const text = await response.text();
  tally.requests += 1;
  tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
  const redirected =
    (response.status >= 300 && response.status < 400) || (response.status === 202 && response.headers.has("Location"));
  return { status: response.status, text, redirected };
}

export function expectation(route: RegisteredRoute, probe: Probe, role: Role) {
  return expectationFor(route, role, {
    method: probe.method,
    url: new URL(`${probe.path}${probe.search}`, ORIGIN),
    contentType: probe.contentType,
    bytes: encoder.encode(probe.body ?? "") as Uint8Array<ArrayBuffer>,
    params: probe.params,
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
 * first, several at a time, between two readings of the write counters; if rows changed, they are
 * sent again one by one to name the one that wrote. Accepted requests go last, one at a time.
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
  const before = await quietWrites();
  await pooled(refused, 4, check);
  if (writesBetween(before, await writesSoFar()).length) {
    for (const { probe } of refused) {
      const start = await settledWrites();
      await send(probe, role, world);
      const written = writesBetween(start, await settledWrites());
      if (written.length) problems.push(`${describe(probe, role)}: refused, yet wrote rows: ${written.join(", ")}`);
    }
  }
  for (const item of judged.filter(({ expected }) => expected.outcome === "accepted")) {
    domainRan = true;
    await check(item);
  }
  return problems;
}

/** One generated request: judged like a probe, and a refused one must write nothing. */
export async function tryGenerated(
  route: RegisteredRoute,
  generated: Probe,
  role: Role,
  world: World,
): Promise<string | null> {
  tally.generated += 1;
  const probe = withoutBodyOnReads(generated);
  const expected = await expectation(route, probe, role);
  const before = expected.outcome === "accepted" ? null : await quietWrites();
  if (!before) domainRan = true;
  const problem = judge(route, probe, role, expected, await send(probe, role, world));
  if (problem) return problem;
  if (before) {
    const written = writesBetween(before, await writesSoFar());
    if (written.length) return `${describe(probe, role)}: refused, yet wrote rows: ${written.join(", ")}`;
  }
  return null;
}
