import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STAR_ON, StarIcon, starIconMarkup } from "~/components/ui/star-icon";
import { STAR_VALUES, StarRating } from "~/modules/comments/star-rating";
import { RatingSummary } from "~/modules/reputation/reputation";

/** The classes of every filled star (lucide's svg) in some markup. */
function filledStarClasses(html: string) {
  const tags = html.match(/<svg[^>]*>/g) ?? [];
  return tags.filter((tag) => tag.includes('data-star="full"')).map((tag) => /class="([^"]*)"/.exec(tag)?.[1] ?? "");
}

describe("stars", () => {
  it("are one colour in the card summary, the profile summary and a review's stars", () => {
    const compact = renderToStaticMarkup(
      createElement(RatingSummary, { referrerId: "u1", rating: 4.2, verifiedReviewCount: 3, compact: true }),
    );
    const full = renderToStaticMarkup(
      createElement(RatingSummary, { referrerId: "u1", rating: 4.5, verifiedReviewCount: 2 }),
    );
    const review = renderToStaticMarkup(createElement(StarRating, { value: 3 }));
    const classes = [compact, full, review].flatMap(filledStarClasses);
    expect(classes).toHaveLength(1 + 4 + 3);
    for (const value of classes) expect(value).toContain(STAR_ON);
    // Nothing paints a star with a colour of its own.
    expect([compact, full, review].join("")).not.toMatch(/amber|yellow/);
  });

  it("a rating's stars, built once as HTML, are the HTML <StarIcon/> renders", () => {
    for (const fill of ["full", "half", "empty"] as const) {
      for (const className of ["size-4", "size-5", undefined]) {
        expect(starIconMarkup(fill, className)).toBe(
          renderToStaticMarkup(createElement(StarIcon, { fill, className })),
        );
      }
    }
    for (const value of [1, 2.4, 2.5, 3.74, 4.8, 5]) {
      for (const size of ["sm", "md"] as const) {
        const rounded = Math.round(value * 2) / 2;
        const stars = STAR_VALUES.map((star) =>
          createElement(StarIcon, {
            key: star,
            fill: star <= rounded ? "full" : star - 0.5 === rounded ? "half" : "empty",
            className: size === "sm" ? "size-4" : "size-5",
          }),
        );
        const byReact = renderToStaticMarkup(
          createElement(
            "span",
            {
              role: "img",
              "aria-label": `Rated ${value.toFixed(1)} out of 5`,
              className: "inline-flex items-center gap-0.5",
            },
            stars,
          ),
        );
        // Twice: the second answer comes from the memo.
        for (let time = 0; time < 2; time++) {
          expect(renderToStaticMarkup(createElement(StarRating, { value, size }))).toBe(byReact);
        }
      }
    }
  });
});
