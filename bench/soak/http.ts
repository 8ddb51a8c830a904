/**
 * The soak's HTTP side: each request timed and counted under its route (a path pattern, not the
 * URL), its status class kept, and the first few 5xx answers kept whole for the report.
 */

interface RouteStats {
  requests: number;
  status4xx: number;
  status5xx: number;
  /** Requests that got no answer at all (connection refused or reset: the restart). */
  failed: number;
  latencies: number[];
}

export interface ServerErrorSample {
  route: string;
  status: number;
  body: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  readonly serverErrors: ServerErrorSample[] = [];
  /** Why the latest request that got no answer failed. */
  lastFailure = "";
  readonly statuses4xx = new Map<string, number>();
  /** The first answer of each route and 4xx status, to tell an expected refusal from a wrong request. */
  readonly samples4xx = new Map<string, string>();

  constructor(
    private readonly origin: () => string,
    /** While true (the restart), failed connections are expected and counted apart. */
    private readonly restarting: () => boolean,
  ) {}

  /**
   * One request; answers its status and parsed JSON body (null when not JSON), or null when no
   * answer came. The body is always read, so latency covers the whole answer.
   */
  async request(
    route: string,
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<{ status: number; json: unknown } | null> {
    const stats = this.stats(route);
    const headers: Record<string, string> = { Accept: init.body === undefined ? "text/html" : "application/json" };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (path.startsWith("/api/")) headers.Accept = "application/json";
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.origin()}${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
    } catch (error) {
      this.lastFailure = `${route}: ${(error as Error).cause ?? (error as Error).message}`;
      if (!this.restarting()) stats.failed += 1;
      return null;
    }
    stats.requests += 1;
    stats.latencies.push(performance.now() - started);
    if (response.status >= 500) {
      stats.status5xx += 1;
      if (this.serverErrors.length < 20)
        this.serverErrors.push({ route, status: response.status, body: text.slice(0, 500) });
    } else if (response.status >= 400) {
      stats.status4xx += 1;
      const key = `${route} ${response.status}`;
      this.statuses4xx.set(key, (this.statuses4xx.get(key) ?? 0) + 1);
      if (!this.samples4xx.has(key)) this.samples4xx.set(key, text.replace(/\s+/g, " ").slice(0, 200));
    }
    let json: unknown = null;
    if ((response.headers.get("content-type") ?? "").includes("json")) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    return { status: response.status, json };
  }

  private stats(route: string): RouteStats {
    let stats = this.routes.get(route);
    if (!stats) {
      stats = { requests: 0, status4xx: 0, status5xx: 0, failed: 0, latencies: [] };
      this.routes.set(route, stats);
    }
    return stats;
  }

  /** The per-route table, busiest route first, with a total row. */
  table() {
    const rows = [...this.routes.entries()]
      .sort((a, b) => b[1].requests - a[1].requests)
      .map(([route, stats]) => {
        const sorted = [...stats.latencies].sort((a, b) => a - b);
        return {
          route,
          requests: stats.requests,
          "4xx": stats.status4xx,
          "5xx": stats.status5xx,
          "no answer": stats.failed,
          "p50 ms": percentile(sorted, 50).toFixed(1),
          "p99 ms": percentile(sorted, 99).toFixed(1),
        };
      });
    const all = [...this.routes.values()];
    const sorted = all.flatMap((stats) => stats.latencies).sort((a, b) => a - b);
    rows.push({
      route: "all",
      requests: all.reduce((sum, stats) => sum + stats.requests, 0),
      "4xx": all.reduce((sum, stats) => sum + stats.status4xx, 0),
      "5xx": all.reduce((sum, stats) => sum + stats.status5xx, 0),
      "no answer": all.reduce((sum, stats) => sum + stats.failed, 0),
      "p50 ms": percentile(sorted, 50).toFixed(1),
      "p99 ms": percentile(sorted, 99).toFixed(1),
    });
    return rows;
  }
}
