import { sql } from "drizzle-orm";
import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";

const check = z.object({ ok: z.boolean(), latencyMs: z.number() });
type Check = z.infer<typeof check>;

/** Times one probe; a probe that throws (or takes longer than 5 s) is down. */
async function probe(run: () => Promise<unknown>): Promise<Check> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), 5000)));
  try {
    await Promise.race([run(), timeout]);
    return { ok: true, latencyMs: Date.now() - started };
  } catch {
    return { ok: false, latencyMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health for deploy checks, monitors and the test harness: the Worker answers, and D1 and the
 * Durable Objects (one RPC to a room) are reachable, each with its latency. Either down: a 503 in
 * the failure envelope, with the same checks. `status` and `database` are the spec's contract.
 */
export const loader = jsonRoute({
  GET: endpoint({
    summary: "Health: the Worker answers, and the database and the realtime rooms are reachable",
    access: "anyone",
    errors: [503],
    response: z.object({
      status: z.literal("ok"),
      database: z.literal("ok"),
      checks: z.object({ d1: check, durableObjects: check }),
    }),
    async run({ ctx }) {
      const [d1, durableObjects] = await Promise.all([
        probe(() => ctx.db.run(sql`select 1`)),
        probe(() => ctx.realtime.ping()),
      ]);
      if (!d1.ok || !durableObjects.ok) {
        const down = [!d1.ok && "the database", !durableObjects.ok && "the realtime rooms"].filter(Boolean);
        return Response.json(
          {
            success: false,
            message: `Service unavailable: ${down.join(" and ")} cannot be reached.`,
            status: "down",
            database: d1.ok ? "ok" : "down",
            checks: { d1, durableObjects },
          },
          { status: 503 },
        );
      }
      return { status: "ok" as const, database: "ok" as const, checks: { d1, durableObjects } };
    },
  }),
});
export const action = loader;
