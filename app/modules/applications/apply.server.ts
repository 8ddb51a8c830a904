/**
 * Applying through a referral: the rule and the atomic slot. Owned by the referrals issue; the
 * rest of the applications domain (status, lists) lives beside it.
 */
import { createId } from "../../../db/id";
import { DomainError } from "~/core/errors";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { requireActor, type Ctx } from "~/core/context.server";
import { APPLICATION_MESSAGES } from "./status";
import { purgeReferralPages } from "~/modules/public/purge.server";

/**
 * Records that the acting member applied through a referral. Refused for one's own referral (403), an
 * unknown one (404), an inactive one (its card inactive or its referrer deactivated included), a
 * second time, or when no slots are left (409).
 *
 * Taking the slot is one db.batch: a conditional UPDATE that decrements `available_refer_count`
 * (when limited) only while a slot is left, then an INSERT that runs only if that UPDATE changed
 * a row (`changes()`), so two applicants can never both take the last slot; the unique index on
 * (referral, applicant) makes a concurrent double submit fail the whole batch.
 */
export async function applyToReferral(
  ctx: Pick<Ctx, "db" | "actor" | "purgePages">,
  input: { referralId: string; cardId?: string },
) {
  const user = requireActor(ctx);
  const d1 = ctx.db.$client;
  const referral = await d1
    .prepare(`SELECT id, referrer_id AS referrerId, credit_card_id AS cardId FROM referrals WHERE id = ?`)
    .bind(input.referralId)
    .first<{ id: string; referrerId: string; cardId: string }>();
  if (!referral) throw new DomainError(404, APPLICATION_MESSAGES.referralNotFound);
  if (referral.referrerId === user.id) throw new DomainError(403, APPLICATION_MESSAGES.ownReferral);
  if (input.cardId && input.cardId !== referral.cardId) {
    throw new DomainError(400, APPLICATION_MESSAGES.invalid, { cardId: APPLICATION_MESSAGES.invalid });
  }

  const id = createId();
  const now = Date.now();
  let results: D1Result[];
  try {
    results = await d1.batch([
      d1
        .prepare(
          `UPDATE referrals
              SET available_refer_count = CASE WHEN available_refer_count IS NULL THEN NULL ELSE available_refer_count - 1 END,
                  applications_count = applications_count + 1,
                  updated_at = ?
            WHERE id = ? AND referrer_id <> ? AND is_active = 1 AND card_active = 1 AND referrer_active = 1
              AND coalesce(available_refer_count, 1) > 0
              AND NOT EXISTS (SELECT 1 FROM applications WHERE referral_id = ? AND applicant_id = ?)`,
        )
        .bind(now, referral.id, user.id, referral.id, user.id),
      d1
        .prepare(
          `INSERT INTO applications (id, referral_id, applicant_id, referrer_id, credit_card_id, status, additional_info, created_at, updated_at)
           SELECT ?, ?, ?, ?, ?, 'pending', '', ?, ? WHERE changes() = 1`,
        )
        .bind(id, referral.id, user.id, referral.referrerId, referral.cardId, now, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError(409, APPLICATION_MESSAGES.alreadyApplied);
    }
    throw error;
  }
  if (results[1].meta.changes === 1) {
    // Its slots left changed (and may be none now): the public pages show them.
    purgeReferralPages(ctx, { referralIds: [referral.id] });
    return {
      message: APPLICATION_MESSAGES.applied,
      data: {
        _id: id,
        status: "pending" as const,
        createdAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
        additionalInfo: "",
        referral: { _id: referral.id },
        applicant: { _id: user.id },
        referrer: { _id: referral.referrerId },
        creditCard: { _id: referral.cardId },
      },
    };
  }
  // Nothing was written: say why.
  const state = await d1
    .prepare(
      `SELECT r.is_active AS isActive, r.card_active AS cardActive, r.referrer_active AS referrerActive,
              r.available_refer_count AS available,
              EXISTS (SELECT 1 FROM applications a WHERE a.referral_id = r.id AND a.applicant_id = ?) AS applied
         FROM referrals r WHERE r.id = ?`,
    )
    .bind(user.id, referral.id)
    .first<{
      isActive: number;
      cardActive: number;
      referrerActive: number;
      available: number | null;
      applied: number;
    }>();
  if (state?.applied) throw new DomainError(409, APPLICATION_MESSAGES.alreadyApplied);
  if (!state?.isActive || !state.cardActive || !state.referrerActive)
    throw new DomainError(409, APPLICATION_MESSAGES.inactive);
  throw new DomainError(409, APPLICATION_MESSAGES.noSlots);
}
