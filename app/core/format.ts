/**
 * Dates as people read them (docs/product.md#display-formats). Rendered in UTC, so the server's
 * HTML and the hydrated page agree.
 */

/**
 * One formatter for every call: `toLocaleDateString` builds a new Intl.DateTimeFormat each time,
 * which cost /apply over a millisecond a request (bench/profile.ts).
 */
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** 'Nov 23, 2026': member pages (referrals, applications, reviews). */
export function formatDate(iso: string | Date) {
  return day.format(new Date(iso));
}

/** '2026-11-23': the admin lists, where dates are compared down a column. */
export function formatIsoDay(value: Date | string) {
  return new Date(value).toISOString().slice(0, 10);
}

/** The unread badge (docs/product.md#realtime-chat): the count, or '9+' above 9. */
export function unreadBadge(count: number) {
  return count > 9 ? "9+" : String(count);
}
