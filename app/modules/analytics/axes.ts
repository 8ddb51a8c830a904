/**
 * The axes of the analytics charts (docs/product.md#analytics): round value ticks from 0 to the
 * period's highest day, and a handful of dated ticks counted back from the last day. Pure and
 * browser-safe, so the server's drawing and the hydrated page agree to the pixel.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2026-11-27' as 'Nov 27' (the dates are UTC days; no locale or time zone involved). */
export function shortDate(isoDay: string) {
  const [, month, day] = isoDay.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}`;
}

/**
 * Whole-number ticks from 0 to a round top at or above `max`, 2 to 5 intervals of 1, 2 or 5 times
 * a power of ten: 0, 5, 10, 15 for a max of 13; 0, 1 for a max of 0 (an empty period still has a scale).
 */
export function valueTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw)!,
  );
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/**
 * The indexes of the days that get a date label, at most `count`, evenly spaced and ending on the
 * last day (today, the one a referrer looks for), oldest first.
 */
export function dateTickIndexes(days: number, count = 6): number[] {
  if (days <= 0) return [];
  const step = Math.max(1, Math.ceil(days / count));
  const indexes: number[] = [];
  for (let index = days - 1; index >= 0; index -= step) indexes.unshift(index);
  return indexes;
}
