import { clsx } from "clsx";
import { Star } from "lucide-react";

/**
 * The one star colour (issue 19: stars looked different on cards, profiles and the landing page):
 * the warning token, which keeps 3:1 against the page for the star's outline (WCAG 1.4.11).
 */
export const STAR_ON = "fill-warning-700 text-warning-700";
const STAR_HALF = "fill-warning-700/50 text-warning-700";
const STAR_OFF = "text-slate-400";

/** One star of a rating, decorative (the rating around it carries the words): full, half or empty. */
export function StarIcon({ fill = "full", className }: { fill?: "full" | "half" | "empty"; className?: string }) {
  return (
    <Star
      aria-hidden
      data-star={fill}
      className={clsx(className, fill === "full" ? STAR_ON : fill === "half" ? STAR_HALF : STAR_OFF)}
    />
  );
}
