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
import { probesFor } from "./robustness/probes";
import { tally, tryGenerated, tryProbes } from "./robustness/run";
import { countWrites } from "./robustness/writes";
import { ROLES, createWorld, type World } from "./robustness/world";
import { ROUTES } from "./route-modules";

/** Fixed, so a failure reproduces; raise the runs locally to search harder. */
const SEED = 20261123;
const RUNS = 12;

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
  console.log(
    `robustness: ${tally.routes.size} routes, ${tally.endpoints.size} route-method pairs, ` +
      `${tally.requests - tally.generated} fixed bad requests (${kinds}) and ${tally.generated} generated, ` +
      `${tally.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${statuses}`,
  );
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
  beforeAll(async () => {
    world = await createWorld();
    tally.routes.add(route.file);
  });

  it.for(ROLES)("refuses bad requests as %s", async (role) => {
    const probes = probesFor(route, world, role);
    for (const probe of probes) tally.endpoints.add(`${probe.method} ${route.path}`);
    expect(await tryProbes(route, probes, role, world)).toEqual([]);
  });

  it("survives requests generated around its schemas", async () => {
    const problems: string[] = [];
    for (const generator of generatorsFor(route, world)) {
      const found = problems.length;
      const details = await fc.check(
        fc.asyncProperty(generator.arbitrary, async (probe) => {
          const problem = await tryGenerated(route, probe, generator.role, world);
          if (problem) problems.push(`${generator.name}: ${problem}`);
          return problem === null;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // A failure that is not a judged answer (the suite itself threw) is reported as it is.
      if (details.failed && problems.length === found)
        problems.push(`${generator.name}: ${String(details.errorInstance)}`);
    }
    expect(problems).toEqual([]);
  });
});
