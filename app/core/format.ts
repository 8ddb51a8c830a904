/**
 * Dates as people read them (docs/product.md#display-formats). Rendered in UTC, so the server's
 * HTML and the hydrated page agree.
 */

/** 'Nov 23, 2026': member pages (referrals, applications, reviews). */
export function formatDate(iso: string | Date) {
  return new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** '2026-11-23': the admin lists, where dates are compared down a column. */
export function formatIsoDay(value: Date | string) {
  return new Date(value).toISOString().slice(0, 10);
}
