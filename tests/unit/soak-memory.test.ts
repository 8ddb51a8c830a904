import { describe, expect, it } from "vitest";
import { allocatorFromStats, percentChange, residentFromRollup } from "../../bench/soak/memory";

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

// The end of tcmalloc's malloc_stats() report in workerd's output, after a 3-minute soak (ADR 222).
const MALLOC_STATS = `{"level":"info","type":"room"}
MALLOC:      327023728 (  311.9 MiB) Bytes in use by application
MALLOC: +     72720384 (   69.4 MiB) Bytes in page heap freelist
MALLOC: +     52590120 (   50.2 MiB) Bytes in central cache freelist
MALLOC: +            0 (    0.0 MiB) Bytes in per-CPU cache freelist
MALLOC: +            0 (    0.0 MiB) Bytes in Sharded cache freelist
MALLOC: +      9567120 (    9.1 MiB) Bytes in transfer cache freelist
MALLOC: +     22540760 (   21.5 MiB) Bytes in thread cache freelists
MALLOC: +      6341886 (    6.0 MiB) Bytes in malloc metadata
MALLOC: +      1790584 (    1.7 MiB) Bytes in malloc metadata Arena unallocated
MALLOC: +            0 (    0.0 MiB) Bytes in malloc metadata Arena unavailable
MALLOC:   ------------
MALLOC: =    492574582 (  469.8 MiB) Actual memory used (physical + swap)
MALLOC: +            0 (    0.0 MiB) Bytes released to OS (aka unmapped)
MALLOC:   ------------
MALLOC: =    492574582 (  469.8 MiB) Virtual address space used
MALLOC:
MALLOC HOOKS: NEW=0 DELETE=0 SAMPLED_NEW=0 SAMPLED_DELETE=0
MALLOC SAMPLED PROFILES: 354598342 bytes (current), 22758875 bytes (internal fragmentation), 444479997 bytes (peak), 20478 count (total)
`;

describe("the soak's memory figures", () => {
  it("reads tcmalloc's last report: in use, kept free, its resident total and sampled peak, in MiB", () => {
    const older = MALLOC_STATS.replace(
      /\d+ \(\s*[\d.]+ MiB\) Bytes in use by application/,
      "1048576 (    1.0 MiB) Bytes in use by application",
    );
    const allocator = allocatorFromStats(older + MALLOC_STATS);
    expect(allocator?.inUse).toBeCloseTo(311.9, 1);
    expect(allocator?.free).toBeCloseTo(150.1, 1);
    expect(allocator?.actual).toBeCloseTo(469.8, 1);
    expect(allocator?.sampledPeak).toBeCloseTo(423.9, 1);
    expect(allocatorFromStats("workerd's own log lines, no report")).toBeNull();
  });

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
