import { clsx } from "clsx";
import { Star } from "lucide-react";
import { useState } from "react";
import { ErrorList } from "~/components/forms/error-list";
import { STAR_ON, starIconMarkup } from "~/components/ui/star-icon";

export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** The five stars of a rounded rating, as HTML: built once per value and size (two dozen at most). */
const starsMarkup = new Map<string, string>();
function starsOf(rounded: number, size: "sm" | "md") {
  const key = `${rounded} ${size}`;
  let markup = starsMarkup.get(key);
  if (markup === undefined) {
    markup = STAR_VALUES.map((star) =>
      starIconMarkup(
        star <= rounded ? "full" : star - 0.5 === rounded ? "half" : "empty",
        size === "sm" ? "size-4" : "size-5",
      ),
    ).join("");
    starsMarkup.set(key, markup);
  }
  return markup;
}

/** Read-only stars for a rating (rounded to the nearest half for the picture, exact in the label). */
export function StarRating({ value, size = "sm" }: { value: number; size?: "sm" | "md" }) {
  const rounded = Math.min(5, Math.max(0, Math.round(value * 2) / 2));
  return (
    <span
      role="img"
      aria-label={`Rated ${formatRating(value)} out of 5`}
      className="inline-flex items-center gap-0.5"
      // Decorative svgs of our own making (no text of anyone's): the same HTML <StarIcon/> renders.
      dangerouslySetInnerHTML={{ __html: starsOf(rounded, size) }}
    />
  );
}

/** One decimal, the way ratings are shown everywhere ("4.5"). */
export function formatRating(value: number) {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/**
 * The 1-5 star picker: a real radio group (fieldset, legend, one radio per star), so it works with
 * the keyboard, screen readers and without JavaScript; JavaScript only fills the stars up to the
 * hovered or chosen one.
 */
export function StarRatingInput({
  name,
  legend,
  defaultValue,
  errors,
  errorId,
}: {
  name: string;
  legend: string;
  defaultValue?: number;
  errors?: string[];
  errorId: string;
}) {
  const [value, setValue] = useState(defaultValue ?? 0);
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-1.5 flex gap-1" onMouseLeave={() => setHover(0)}>
        {STAR_VALUES.map((star) => (
          <label key={star} className="relative cursor-pointer" onMouseEnter={() => setHover(star)}>
            <input
              type="radio"
              name={name}
              value={star}
              defaultChecked={defaultValue === star}
              onChange={() => setValue(star)}
              // Over the star, invisible: the radio itself takes the click, with or without JavaScript.
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="sr-only">{star === 1 ? "1 star" : `${star} stars`}</span>
            <Star
              aria-hidden
              className={clsx(
                "size-7 rounded-sm peer-checked:fill-warning-700 peer-checked:text-warning-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                star <= shown ? STAR_ON : "text-slate-400",
              )}
            />
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
