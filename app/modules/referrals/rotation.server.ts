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
import { referrals } from "../../../db/schema";
import { columnName } from "~/utils/d1-statement.server";
import { WEIGHT_SQL } from "./rotation-weight.server";

export const ROTATION_SLOTS = 4;
/** Each slot's key, one column each. */
export const ROTATION_KEYS = [
  referrals.rotation0,
  referrals.rotation1,
  referrals.rotation2,
  referrals.rotation3,
] as const;
export const REFRESH_MINUTES = 15;
/** How long a visitor keeps their slot: shorter than REFRESH_MINUTES, see slotForVisitor. */
export const VISITOR_SLOT_SECONDS = 10 * 60;

export { rotationWeight, STALE_FACTOR } from "./rotation-weight.server";

const UNIFORM_SQL = sql`((abs(random() % 1000000) + 1) / 1000000.0)`;

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
  const result = await db.run(
    sql`UPDATE ${referrals} SET ${columnName(ROTATION_KEYS[slot]!)} = -ln(${UNIFORM_SQL}) / ${WEIGHT_SQL}`,
  );
  return result.meta.changes;
}
