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
