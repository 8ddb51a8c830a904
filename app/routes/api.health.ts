import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { getServices } from "~/utils/services.server";

/** Liveness for deploy checks and the test harness: the Worker answers and D1 is reachable. */
export async function loader({ context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const { db } = getServices(context);
    await db.run(sql`select 1`);
    return apiSuccess({ status: "ok", database: "ok" });
  });
}
