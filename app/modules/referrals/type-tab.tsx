import { clsx } from "clsx";

/**
 * The single "Credit Card(s)" tab the spec puts above the referral flow, My Referrals and the
 * search grid: only one referral type exists, so it is a selected tab with nothing to switch.
 */
export function ReferralTypeTab({ label, className }: { label: string; className?: string }) {
  return (
    <div role="tablist" aria-label="Referral types" className={clsx("flex gap-1 border-b border-line", className)}>
      <span
        role="tab"
        aria-selected="true"
        className="-mb-px border-b-2 border-brand-600 px-4 py-2 text-sm font-medium text-brand-800"
      >
        {label}
      </span>
    </div>
  );
}
