/**
 * Rate limits with a sliding window: an event is allowed while fewer than `limit` events of its key
 * were allowed in the `windowMs` before it, so no span of that length ever holds more than `limit`
 * allowed events. (Fixed windows allowed twice the limit across a window boundary: 10 failures at
 * 0:59 and 10 more at 1:01.) Each allowed event is one row of rate_limit_hits, written by the same
 * statement that counts, so concurrent requests cannot both slip under a limit; a refused event
 * writes nothing, which bounds a key's rows by its limit.
 */
import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { createId } from "../../db/id";
import { rateLimitHits } from "../../db/schema";
import { DomainError } from "~/core/errors";

export interface RateLimit {
  /** What is being counted, e.g. `auth-fail:ip:1.2.3.4`. */
  key: string;
  limit: number;
  /** At most a day: older rows are pruned by the cron (pruneRateLimitHits). */
  windowMs: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** The events of a key allowed in the window that ends at `now`. */
const allowedInWindow = ({ key, windowMs }: RateLimit, now: number) =>
  sql`(SELECT count(*) FROM ${rateLimitHits} WHERE ${rateLimitHits.key} = ${key} AND ${rateLimitHits.at} > ${now - windowMs})`;

/**
 * The statement that counts one event, unawaited, for a caller that runs it in a `db.batch` with
 * the write it guards. It records the event only within the limit and returns its row, so an empty
 * result means the limit was reached; a later statement of the batch can test `hitRecorded(id)`.
 */
export function countEventQuery(db: Db, limit: RateLimit, now = Date.now(), id = createId()) {
  const event = db
    .select({
      id: sql<string>`${id}`.as("id"),
      key: sql<string>`${limit.key}`.as("key"),
      at: sql<number>`${now}`.as("at"),
    })
    .from(sql`(SELECT 1)`)
    .where(sql`${allowedInWindow(limit, now)} < ${limit.limit}`);
  return db.insert(rateLimitHits).select(event).returning({ id: rateLimitHits.id });
}

/** For a statement batched after `countEventQuery(..., id)`: whether that event was allowed. */
export const hitRecorded = (id: string) =>
  sql`exists (select 1 from ${rateLimitHits} where ${rateLimitHits.id} = ${id})`;

/** Counts one event; answers whether the limit was already reached (the event is then refused). */
export async function countEvent(db: Db, limit: RateLimit, now = Date.now()): Promise<boolean> {
  const rows = await countEventQuery(db, limit, now);
  return rows.length === 0;
}

/** Whether a limit is used up at `now`, without counting anything. */
export async function isLimited(db: Db, limit: RateLimit, now = Date.now()): Promise<boolean> {
  const row = await db.get<{ count: number }>(sql`SELECT ${allowedInWindow(limit, now)} AS count`);
  return row.count >= limit.limit;
}

export const TOO_MANY_REQUESTS = "Too many attempts. Please wait a minute and try again.";

/** Counts an event and throws a 429 domain error when the limit is reached. */
export async function enforceRateLimit(db: Db, limit: RateLimit, message = TOO_MANY_REQUESTS, now = Date.now()) {
  if (await countEvent(db, limit, now)) throw new DomainError(429, message);
}

/** Deletes events older than any window (the cron calls it). */
export async function pruneRateLimitHits(db: Db, now = Date.now()) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, now - DAY));
}

/** The client address Cloudflare reports; one shared bucket when it is absent (local tools). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
