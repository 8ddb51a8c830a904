import { sql } from "drizzle-orm";
import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";

/** Liveness for deploy checks and the test harness: the Worker answers and D1 is reachable. */
export const loader = jsonRoute({
  GET: endpoint({
    summary: "Liveness: the Worker answers and the database is reachable",
    access: "anyone",
    response: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
    async run({ ctx }) {
      await ctx.db.run(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const };
    },
  }),
});
export const action = loader;
