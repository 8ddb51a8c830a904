/**
 * The robustness suite (docs/decisions/080-route-kit.md): every route, read off its kit
 * declaration (tests/worker/route-modules.ts), gets a battery of bad requests as a visitor, a
 * member and an admin (tests/worker/robustness/probes.ts), then requests fast-check generates
 * around its schemas (robustness/generated.ts). None may answer 5xx; a request that fails a
 * declared check must be refused with that check's status (in the envelope on /api) and write no
 * row (robustness/oracle.ts, robustness/writes.ts). A failure names the route and the request.
 *
 * Routes the kit does not declare yet fail here with what to do: there is no list of exceptions.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declarationProblems } from "~/http/registry.server";
import { generatorsFor } from "./robustness/generated";
import type { Expected } from "./robustness/oracle";
import { probesFor, type Probe } from "./robustness/probes";
import { expectation, judge, tally, tryGenerated, tryProbes } from "./robustness/run";
import { countWrites, writesBetween, writesSoFar } from "./robustness/writes";
import { ROLES, createWorld, type World } from "./robustness/world";
import { ROUTES } from "./route-modules";

/** Fixed, so a failure reproduces; raise the generators' runs locally to search harder. */
const SEED = 20261123;
/** Generous: a busy 2-core machine answers a slow route's few hundred requests in tens of seconds. */
const TIMEOUT = { timeout: 120_000 };

const started = Date.now();
let stopCounting: () => Promise<void>;

beforeAll(async () => {
  stopCounting = await countWrites();
});

afterAll(async () => {
  await stopCounting?.();
  const kinds = Object.entries(tally.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
  const statuses = Object.entries(tally.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  const slowest = tally.slowest
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([file, ms]) => `${file} ${(ms / 1000).toFixed(1)} s`)
    .join(", ");
  console.log(
    `robustness: ${tally.routes.size} routes, ${tally.endpoints.size} route-method pairs, ` +
      `${tally.requests - tally.generated} fixed bad requests (${kinds}) and ${tally.generated} generated, ` +
      `${tally.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${statuses}; ` +
      `slowest ${slowest}`,
  );
});

describe("the suite's own checks", () => {
  const login = ROUTES.find((route) => route.path === "/api/users/login")!;
  const post = (contentType: string | null, body: string | null): Probe => ({
    kind: "shape",
    label: "self-check",
    method: "POST",
    path: "/api/users/login",
    params: {},
    search: "",
    contentType,
    body,
  });

  it("expects the kit's statuses from the declaration", async () => {
    const expected = async (probe: Probe) => {
      const outcome = await expectation(login, probe, "anonymous");
      return outcome.outcome === "refused" ? outcome.statuses : outcome.outcome;
    };
    expect(await expected(post("text/plain", "{}"))).toEqual([415]);
    expect(await expected(post("application/json", "null"))).toEqual([400]);
    expect(await expected(post("application/json", JSON.stringify({ x: "a".repeat(300_000) })))).toEqual([413]);
    expect(await expected({ ...post(null, null), method: "GET" })).toEqual([405]);
    expect(await expected(post("application/json", '{"email":"a@b.example","password":"x"}'))).toBe("accepted");
  });

  it("flags a 5xx, a wrong status, a failure outside the envelope, internal text and written rows", async () => {
    const refused: Expected = { outcome: "refused", statuses: [400], because: ["test"] };
    const answer = (status: number, text: string) => ({ status, text, redirected: false });
    const probe = post("application/json", "null");
    expect(judge(login, probe, "anonymous", { outcome: "accepted" }, answer(502, ""))).toMatch(/a server error/);
    expect(judge(login, probe, "anonymous", refused, answer(200, '{"success":true}'))).toMatch(/expected 400/);
    expect(judge(login, probe, "anonymous", refused, answer(400, "Bad request"))).toMatch(/outside the envelope/);
    expect(
      judge(login, probe, "anonymous", refused, answer(400, '{"success":false,"message":"TypeError: x is undefined"}')),
    ).toMatch(/internal text/);
    expect(judge(login, probe, "anonymous", refused, answer(400, '{"success":false,"message":"No."}'))).toBeNull();

    const before = await writesSoFar();
    await createWorld();
    expect(writesBetween(before, await writesSoFar())).toEqual(expect.arrayContaining(["users +3", "credit_cards +1"]));
  });
});

const tried = ROUTES.filter((route) => route.loader || route.action || route.loader === null || route.action === null);

describe.each(tried.map((route) => [route.file, route] as const))("%s", (_file, route) => {
  const problems = declarationProblems(route);
  if (problems.length) {
    it("is declared with the route kit, so the suite can try it", () => {
      expect(problems).toEqual([]);
    });
    return;
  }

  let world: World;
  let routeStarted = 0;
  beforeAll(async () => {
    routeStarted = Date.now();
    world = await createWorld();
    tally.routes.add(route.file);
  });
  afterAll(() => {
    tally.slowest.push([route.file, Date.now() - routeStarted]);
  });

  it.for(ROLES)("refuses bad requests as %s", TIMEOUT, async (role) => {
    const probes = probesFor(route, world, role);
    for (const probe of probes) tally.endpoints.add(`${probe.method} ${route.path}`);
    expect(await tryProbes(route, probes, role, world)).toEqual([]);
  });

  it("survives requests generated around its schemas", TIMEOUT, async () => {
    const problems: string[] = [];
    for (const generator of generatorsFor(route, world)) {
      const found = problems.length;
      const details = await fc.check(
        fc.asyncProperty(generator.arbitrary, async (probe) => {
          const problem = await tryGenerated(route, probe, generator.role, world);
          if (problem) problems.push(`${generator.name}: ${problem}`);
          return problem === null;
        }),
        { seed: SEED, numRuns: generator.runs, endOnFailure: true },
      );
      // A failure that is not a judged answer (the suite itself threw) is reported as it is.
      if (details.failed && problems.length === found)
        problems.push(`${generator.name}: ${String(details.errorInstance)}`);
    }
    expect(problems).toEqual([]);
  });
});
