/** A referral on its owner's My Referrals (/refer, /dashboard/my-referrals): only what its card shows. */
import { presentShare } from "~/modules/shares/present";
import { healthOf, safeLink } from "./present-health";
import { SHARE_RECORD_KEYS, type PresentedReferral, type ReferralRecord } from "./present";

/** The columns My Referrals shows (listMyReferrals reads only these; issue 34). */
export const MY_REFERRAL_RECORD_KEYS = [
  "id",
  "referralLink",
  ...SHARE_RECORD_KEYS,
  "isActive",
  "moderatedAt",
  "linkConfirmedAt",
  "heldAt",
  "linkReview",
  "reviewHeldAt",
  "linkCheckStatus",
  "linkCheckHost",
  "linkCheckedAt",
  "applicationsCount",
  "successfulCount",
  "createdAt",
  "cardName",
  "cardIssuer",
  "cardIsUserAdded",
  "cardActive",
] as const satisfies readonly (keyof ReferralRecord)[];
export type MyReferralRecord = Pick<ReferralRecord, (typeof MY_REFERRAL_RECORD_KEYS)[number]>;

/**
 * A referral on its owner's My Referrals (/refer, /dashboard/my-referrals): what the card shows,
 * as `presentReferral` shows it to the owner, and nothing else (no referrer, no card texts).
 */
export function presentMyReferral(row: MyReferralRecord) {
  return {
    _id: row.id,
    creditCard: { name: row.cardName, issuer: row.cardIssuer },
    referralLink: safeLink(row.referralLink),
    sharingBenefitPortion: row.sharingBenefitPortion,
    ...presentShare(row),
    isActive: row.isActive,
    ...healthOf(row, true),
    applicationsCount: row.applicationsCount,
    successfulCount: row.successfulCount,
    createdAt: row.createdAt.toISOString(),
  } satisfies Omit<Partial<PresentedReferral>, "creditCard"> & { creditCard: Partial<PresentedReferral["creditCard"]> };
}
export type MyReferralView = ReturnType<typeof presentMyReferral>;
