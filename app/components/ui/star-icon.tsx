import { clsx } from "clsx";
import { Star } from "lucide-react";

/**
 * The one star colour (issue 19: stars looked different on cards, profiles and the landing page):
 * the warning token, which keeps 3:1 against the page for the star's outline (WCAG 1.4.11).
 */
export const STAR_ON = "fill-warning-700 text-warning-700";
const STAR_HALF = "fill-warning-700/50 text-warning-700";
const STAR_OFF = "text-slate-400";

type StarFill = "full" | "half" | "empty";
const starClass = (fill: StarFill, className?: string) =>
  clsx(className, fill === "full" ? STAR_ON : fill === "half" ? STAR_HALF : STAR_OFF);

/** One star of a rating, decorative (the rating around it carries the words): full, half or empty. */
export function StarIcon({ fill = "full", className }: { fill?: StarFill; className?: string }) {
  return <Star aria-hidden data-star={fill} className={starClass(fill, className)} />;
}

/** lucide's star outline (tests/unit/stars.test.ts checks starIconMarkup against <StarIcon/>). */
const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";

/**
 * <StarIcon/>'s HTML as a string, for a row of stars rendered once per value (StarRating): React
 * rendering each star's svg on every page was ~8% of /refer's CPU with ten reviews (issue 34).
 */
export function starIconMarkup(fill: StarFill, className?: string) {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
    `class="lucide lucide-star ${starClass(fill, className)}" aria-hidden="true" data-star="${fill}">` +
    `<path d="${STAR_PATH}"></path></svg>`
  );
}
