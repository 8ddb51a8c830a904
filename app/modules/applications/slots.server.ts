/**
 * Slots given back and taken again when an application's status moves (docs/product.md#issuer-caps,
 * docs/decisions/171-slots-come-back-before-the-bonus.md): cancelled or denied before the
 * referrer's bonus posted gives its slot back, never above the card's per-member cap; moved back to
 * an open status, it takes a slot again, refused when none is left.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { applicationOutcomes, creditCards, referrals, type ApplicationStatus } from "../../../db/schema";

/** The statuses that hold no slot (when the bonus had not posted). */
export const SLOT_FREE_STATUSES: readonly ApplicationStatus[] = ["cancelled", "denied"];

const holdsSlot = (status: ApplicationStatus) => !SLOT_FREE_STATUSES.includes(status);

/** Tables read inside the statements below, by the aliases the statements give them. */
const o = alias(applicationOutcomes, "o");
const c = alias(creditCards, "c");
const r = alias(referrals, "r");

/** No bonus posted on the application: only then does its slot move (the issuer counted it otherwise). */
const bonusNotPosted = (applicationId: string) =>
  sql`not exists (select 1 from ${applicationOutcomes} ${o} where ${o.applicationId} = ${applicationId} and ${o.step} = 'bonus-posted')`;

/** What a status change does to the referral's slots: nothing, give one back, or take one again. */
export function slotMove(from: ApplicationStatus, to: ApplicationStatus): "none" | "give-back" | "take" {
  if (holdsSlot(from) && !holdsSlot(to)) return "give-back";
  if (!holdsSlot(from) && holdsSlot(to)) return "take";
  return "none";
}

/**
 * The statement moving the slot, for the status change's batch (before the status UPDATE). A
 * limited referral gets one back up to the card's cap (max_refer_count, when set), or gives one up
 * while one is left; an unlimited one (null) is untouched.
 */
export function slotStatement(
  db: Db,
  input: { applicationId: string; referralId: string; move: "give-back" | "take" },
) {
  const cap = sql`(select ${c.maxReferCount} from ${creditCards} ${c} where ${c.id} = ${referrals.creditCardId})`;
  const count =
    input.move === "give-back"
      ? sql`case when ${cap} > 0 then min(${referrals.availableReferCount} + 1, ${cap}) else ${referrals.availableReferCount} + 1 end`
      : sql`${referrals.availableReferCount} - 1`;
  return db
    .update(referrals)
    .set({ availableReferCount: count, updatedAt: new Date() })
    .where(
      and(
        eq(referrals.id, input.referralId),
        sql`${referrals.availableReferCount} is not null`,
        input.move === "take" ? sql`${referrals.availableReferCount} > 0` : undefined,
        bonusNotPosted(input.applicationId),
      ),
    );
}

/**
 * The status UPDATE's guard when the change takes a slot: the slot statement just took one
 * (`changes()`), or the referral is unlimited, or the bonus had posted (nothing to take).
 */
export function tookSlot(input: { applicationId: string; referralId: string }) {
  return sql`(changes() = 1
    or (select ${r.availableReferCount} from ${referrals} ${r} where ${r.id} = ${input.referralId}) is null
    or not ${bonusNotPosted(input.applicationId)})`;
}
