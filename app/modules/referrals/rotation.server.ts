/**
 * The fair default order of /apply (docs/decisions/020-referrals-fair-rotation-and-search.md).
 *
 * Each referral holds ROTATION_SLOTS weighted random keys, -ln(u) / weight (Efraimidis-Spirakis
 * with exponential keys: ordering by the key ascending is a weighted random permutation). A
 * visitor reads one slot for a few minutes, so paging is consistent; a scheduled job re-draws one
 * slot every REFRESH_MINUTES, never the one a visitor may be reading.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { STALE_AFTER_DAYS } from "./present";

export const ROTATION_SLOTS = 4;
export const REFRESH_MINUTES = 15;
/** How long a visitor keeps their slot: shorter than REFRESH_MINUTES, see slotForVisitor. */
export const VISITOR_SLOT_SECONDS = 10 * 60;

/**
 * The weight of a referral: 1 for a newcomer, up to 3 for a well-reviewed referrer with confirmed
 * successes. Reputation counts (rating - 1) / 4, damped by review_count / (review_count + 5) so a
 * single 5-star review is worth little; successes count up to 10. A newcomer still comes before a
 * weight-3 referral with probability 1 / (1 + 3) = 25%: never starved.
 */
export function rotationWeight(input: {
  rating: number | null;
  reviewCount: number;
  successfulCount: number;
  stale?: boolean;
}) {
  const reputation =
    input.rating == null ? 0 : ((input.rating - 1) / 4) * (input.reviewCount / (input.reviewCount + 5));
  return (1 + reputation + Math.min(input.successfulCount, 10) / 10) * (input.stale ? STALE_FACTOR : 1);
}

/** A stale link's weight (STALE_AFTER_DAYS, present.ts) is quartered: it still shows, after fresher ones. */
export const STALE_FACTOR = 0.25;

/** The same weight in SQL, for a referrals row `r` (users looked up by primary key), parenthesised whole. */
const WEIGHT_SQL = sql.raw(`((1
  + coalesce((SELECT CASE WHEN u.rating IS NULL THEN 0 ELSE ((u.rating - 1) / 4.0) * (u.review_count / (u.review_count + 5.0)) END
              FROM users u WHERE u.id = referrals.referrer_id), 0)
  + min(referrals.successful_count, 10) / 10.0)
  * (CASE WHEN coalesce(referrals.link_confirmed_at, referrals.created_at)
               < CAST(strftime('%s', 'now') AS INTEGER) * 1000 - ${STALE_AFTER_DAYS} * 86400000
          THEN ${STALE_FACTOR} ELSE 1 END))`);

const UNIFORM_SQL = sql.raw(`((abs(random() % 1000000) + 1) / 1000000.0)`);

/** The slot the next scheduled refresh will re-draw. */
export function slotToRefresh(now: number) {
  return Math.floor(now / (REFRESH_MINUTES * 60_000)) % ROTATION_SLOTS;
}

/**
 * A slot for a new visitor: any but the one the next refresh re-draws. Kept for
 * VISITOR_SLOT_SECONDS (< REFRESH_MINUTES), the visitor's slot is never re-drawn while in use.
 */
export function slotForVisitor(now: number, random = Math.random()) {
  const next = (slotToRefresh(now) + 1) % ROTATION_SLOTS;
  const others = Array.from({ length: ROTATION_SLOTS }, (_, slot) => slot).filter((slot) => slot !== next);
  return others[Math.floor(random * others.length)];
}

export function parseSlot(value: string | null | undefined): number | null {
  const slot = Number(value);
  return value != null && value !== "" && Number.isInteger(slot) && slot >= 0 && slot < ROTATION_SLOTS ? slot : null;
}

/**
 * Re-draws one slot's keys for every referral with current weights. System work with no actor,
 * called only by the scheduled job (server.ts) with the primary binding, so it takes the db alone.
 */
export async function refreshRotationSlot(db: Db, slot: number) {
  if (!Number.isInteger(slot) || slot < 0 || slot >= ROTATION_SLOTS) throw new Error(`No rotation slot ${slot}`);
  const column = sql.raw(`rotation_${slot}`);
  const result = await db.run(sql`UPDATE referrals SET ${column} = -ln(${UNIFORM_SQL}) / ${WEIGHT_SQL}`);
  return result.meta.changes;
}
