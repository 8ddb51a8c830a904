import { describe, expect, it } from "vitest";
import { dateTickIndexes, shortDate, valueTicks } from "~/modules/analytics/axes";

describe("analytics chart axes", () => {
  it("puts round whole-number ticks from 0 to at least the highest day", () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(13)).toEqual([0, 5, 10, 15]);
    expect(valueTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const max of [2, 7, 19, 99, 101, 555]) {
      const ticks = valueTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("labels at most six days, evenly, ending on the last", () => {
    expect(dateTickIndexes(30)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(dateTickIndexes(90)).toEqual([14, 29, 44, 59, 74, 89]);
    expect(dateTickIndexes(7)).toEqual([0, 2, 4, 6]);
  });

  it("writes a UTC day as month and day", () => {
    expect(shortDate("2026-11-27")).toBe("Nov 27");
    expect(shortDate("2027-01-05")).toBe("Jan 5");
  });
});
