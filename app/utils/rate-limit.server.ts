import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { DomainError } from "./api.server";

export interface RateLimit {
  /** What is being counted, e.g. `login-fail:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one event against a fixed-window limit in one atomic statement (upsert with RETURNING),
 * so concurrent requests cannot both slip under it. Returns whether the limit was exceeded.
 */
export async function countEvent(db: Db, limit: RateLimit, now = Date.now()): Promise<boolean> {
  const [row] = await countEventQuery(db, limit, now);
  return row.count > limit.limit;
}

/**
 * The statement `countEvent` runs, unawaited, for a caller that puts it in a `db.batch` with the
 * write it guards (the count is then `> limit` when the limit is exceeded).
 */
export function countEventQuery(db: Db, { key, windowMs }: RateLimit, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  return db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count });
}

/** Whether a limit is already used up, without counting anything. */
export async function isLimited(db: Db, { key, limit, windowMs }: RateLimit, now = Date.now()): Promise<boolean> {
  const windowStart = now - (now % windowMs);
  const row = await db.get<{ count: number } | undefined>(
    sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${windowStart}`,
  );
  return (row?.count ?? 0) >= limit;
}

export const TOO_MANY_REQUESTS = "Too many attempts. Please wait a minute and try again.";

/** Counts an event and throws a 429 domain error when the limit is exceeded. */
export async function enforceRateLimit(db: Db, limit: RateLimit, message = TOO_MANY_REQUESTS) {
  if (await countEvent(db, limit)) throw new DomainError(429, message);
}

/** The client address Cloudflare reports; one shared bucket when it is absent (local tools). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
