/**
 * workerd's memory as the soak reads it (docs/decisions/221): /proc/<pid>/smaps_rollup split into
 * anonymous memory (V8's heaps and tcmalloc's pages: what can grow) and file-backed memory
 * (workerd's ~80 MiB binary, SQLite's shared-memory files: constant), in MiB.
 */
export interface Resident {
  rss: number;
  anon: number;
  file: number;
}

export function residentFromRollup(rollup: string): Resident | null {
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? NaN);
  const rss = kb("Rss") / 1024;
  const anon = kb("Anonymous") / 1024;
  if (!Number.isFinite(rss) || !Number.isFinite(anon)) return null;
  return { rss, anon, file: rss - anon };
}

/** The change from one figure to another, as the soak prints it ("+12.5%"; empty when either is missing). */
export function percentChange(from: number | null | undefined, to: number | null | undefined): string {
  if (!from || !to) return "";
  const percent = ((to - from) / from) * 100;
  return `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}%`;
}

/**
 * tcmalloc's own account of workerd's native memory (workerd links Google's tcmalloc, ADR 221), in
 * MiB: what workerd's code holds (`inUse`: SQLite, sockets, buffers that JS objects own), what the
 * allocator keeps free for later (`free`: its page heap and caches; never returned to the system
 * here, so RSS stays at the high-water mark), and its sampled heap profile's current and peak bytes.
 */
export interface Allocator {
  inUse: number;
  free: number;
  actual: number;
  sampledPeak: number;
}

/** The last `malloc_stats()` report in workerd's output (bench/soak/server.ts asks for it through gdb). */
export function allocatorFromStats(output: string): Allocator | null {
  const start = output.lastIndexOf("Bytes in use by application");
  if (start < 0) return null;
  const report = output.slice(output.lastIndexOf("MALLOC:", start));
  const bytes = (label: string) =>
    Number(new RegExp(`MALLOC:[ +=]+(\\d+) \\(.*?\\) ${label}`).exec(report)?.[1] ?? NaN);
  const mib = (value: number) => value / 1024 / 1024;
  const freeLists = [...report.matchAll(/MALLOC:\s+\+\s+(\d+) \(.*?\) Bytes in .* freelists?$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  const peak = Number(/MALLOC SAMPLED PROFILES: .* (\d+) bytes \(peak\)/.exec(report)?.[1] ?? NaN);
  const inUse = bytes("Bytes in use by application");
  const actual = bytes("Actual memory used \\(physical \\+ swap\\)");
  if (!Number.isFinite(inUse) || !Number.isFinite(actual)) return null;
  return { inUse: mib(inUse), free: mib(freeLists), actual: mib(actual), sampledPeak: mib(peak) };
}
