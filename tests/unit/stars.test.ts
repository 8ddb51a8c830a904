import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STAR_ON } from "~/components/ui/star-icon";
import { StarRating } from "~/modules/comments/star-rating";
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
});
