/** Query parameters that only track where a click came from; they never identify a referral. */
const TRACKING_PARAMETERS = [
  /^utm_/i,
  /^fbclid$/i,
  /^gclid$/i,
  /^dclid$/i,
  /^msclkid$/i,
  /^mc_(cid|eid)$/i,
  /^_ga$/i,
  /^igshid$/i,
  /^ref_src$/i,
];

/**
 * The form of a referral link used to spot duplicates: lower-case scheme and host, no default port,
 * no fragment, tracking parameters removed, the rest sorted, no trailing slash. Throws on a
 * string that is not an absolute URL.
 */
export function normalizeReferralLink(link: string): string {
  const url = new URL(link.trim());
  url.hash = "";
  const kept = [...url.searchParams.entries()]
    .filter(([key]) => !TRACKING_PARAMETERS.some((pattern) => pattern.test(key)))
    .sort(([a], [b]) => a.localeCompare(b));
  url.search = new URLSearchParams(kept).toString();
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.protocol}//${url.host.toLowerCase()}${path}${url.search}`;
}

/** Whether a link may be shown as a clickable https link (no javascript:, data: or plain http). */
export function isSafeReferralLink(link: string): boolean {
  try {
    return new URL(link).protocol === "https:";
  } catch {
    return false;
  }
}
