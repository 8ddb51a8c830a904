import { describe, expect, it } from "vitest";
import { percentChange, residentFromRollup } from "../../bench/soak/memory";

// A workerd's /proc/<pid>/smaps_rollup, as read during a soak (docs/decisions/221).
const ROLLUP = `55c1d6c00000-7ffd1a5f5000 ---p 00000000 00:00 0                          [rollup]
Rss:              630908 kB
Pss:              627215 kB
Shared_Clean:       2516 kB
Private_Clean:     78868 kB
Private_Dirty:    549524 kB
Anonymous:        546956 kB
AnonHugePages:         0 kB
Swap:                  0 kB
`;

describe("the soak's memory figures", () => {
  it("splits workerd's resident memory into anonymous and file-backed MiB", () => {
    const resident = residentFromRollup(ROLLUP);
    expect(resident?.rss).toBeCloseTo(616.1, 1);
    expect(resident?.anon).toBeCloseTo(534.1, 1);
    expect(resident?.file).toBeCloseTo(82.0, 1);
  });

  it("reads nothing from a rollup without the figures (the process went away)", () => {
    expect(residentFromRollup("")).toBeNull();
    expect(residentFromRollup("Rss: 10 kB\n")).toBeNull();
  });

  it("prints a change with its sign, and nothing when a figure is missing", () => {
    expect(percentChange(500, 560)).toBe("+12.0%");
    expect(percentChange(500, 450)).toBe("-10.0%");
    expect(percentChange(null, 450)).toBe("");
    expect(percentChange(500, null)).toBe("");
  });
});
