import { clsx } from "clsx";

/** What a referral not yet confirmed by its referrer says beside its share (docs/decisions/185). */
export const UNCONFIRMED_SHARE_NOTE =
  "Estimated from the bonus's value; the referrer has not confirmed the amount and method yet.";

/**
 * A referral's share as money (docs/decisions/185), the same words on tiles, the referral page,
 * /r/{code} and card pages: '$50 by Zelle within 7 days of the bonus posting', and, while its
 * referrer has not confirmed the valuation's amount and method, a line saying so.
 */
export function ShareTerms({
  referral,
  className,
}: {
  referral: { sharingBenefitPortion: number; shareText: string | null; shareTermsConfirmed: boolean };
  className?: string;
}) {
  if (!referral.shareText) return <span className={clsx("text-muted", className)}>Nothing shared</span>;
  return (
    <span className={className}>
      <span className="font-medium text-success-700" data-testid="share-text">
        {referral.shareText}
      </span>
      {referral.shareTermsConfirmed ? null : (
        <span className="block text-xs font-normal text-muted">{UNCONFIRMED_SHARE_NOTE}</span>
      )}
    </span>
  );
}
