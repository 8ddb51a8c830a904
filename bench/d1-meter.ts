/**
 * The bench's side of the D1 meter (app/utils/d1-meter.server.ts, docs/decisions/210): the figures
 * in an `x-d1-meter` response header, and the simulated distance to the database, read from each
 * request. Only the bench's entry (bench/metered-worker.ts) uses it.
 */
import { meterD1, type D1Meter, type D1MeterStats } from "../app/utils/d1-meter.server";

/** `x-d1-meter` header value: `calls=5;chain=3;rows=120;writes=0`. */
export function formatMeterHeader(stats: D1MeterStats): string {
  return `calls=${stats.calls};chain=${stats.chain};rows=${stats.rows};writes=${stats.writes}`;
}

export function parseMeterHeader(value: string | null): D1MeterStats | null {
  if (!value) return null;
  const fields = Object.fromEntries(value.split(";").map((pair) => pair.split("=") as [string, string]));
  const stats = {
    calls: Number(fields.calls),
    chain: Number(fields.chain),
    rows: Number(fields.rows),
    writes: Number(fields.writes),
  };
  return Object.values(stats).every(Number.isFinite) ? stats : null;
}

const milliseconds = (value: unknown) => {
  const number = Number(value);
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(number) && number >= 0
    ? Math.min(number, 10_000)
    : undefined;
};

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * A meter for one request (or one socket's room): each round trip to the primary first waits the
 * request's `x-bench-d1-rtt` milliseconds, a read `x-bench-d1-replica-rtt` (a nearby replica could
 * answer it), else BENCH_D1_RTT_MS / BENCH_D1_REPLICA_RTT_MS from the environment; none by default.
 * One server so measures a page with and without distance.
 */
export function meterForRequest(env: object, request: Request): D1Meter {
  const vars = env as Record<string, unknown> & { DB: D1Database };
  const rttMs = milliseconds(request.headers.get("x-bench-d1-rtt")) ?? milliseconds(vars.BENCH_D1_RTT_MS) ?? 0;
  const replicaRttMs =
    milliseconds(request.headers.get("x-bench-d1-replica-rtt")) ?? milliseconds(vars.BENCH_D1_REPLICA_RTT_MS) ?? rttMs;
  return meterD1(vars.DB, { beforeRoundTrip: (readOnly) => wait(readOnly ? replicaRttMs : rttMs) });
}

/** The response with the request's meter readings in `x-d1-meter` (a fresh Response: headers may be immutable). */
export function withMeterHeader(response: Response, meter: D1Meter): Response {
  if (response.webSocket || response.status === 101) return response;
  const metered = new Response(response.body, response);
  metered.headers.set("x-d1-meter", formatMeterHeader(meter.stats()));
  return metered;
}
