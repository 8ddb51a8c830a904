/**
 * The D1 meter (docs/decisions/061-d1-meter.md): a D1Database that behaves like the one it wraps,
 * but counts the round trips a request makes, the longest chain of them that had to run one after
 * another, the rows D1 read, and the writes. Every request and cron step counts its calls for its
 * log line's `d1Calls` (ADR 065) with `countD1Calls`, the same wrapper counting round trips alone
 * (ADR 066: no chain, rows or SQL tests on the deployed path). The bench serves its own entry
 * around the Worker (bench/metered-worker.ts, ADR 210), which meters everything with `meterD1` to
 * report the figures in a header and, through `beforeRoundTrip`, to delay each round trip as a
 * distant database would.
 *
 * The chain: each round trip gets a depth, one more than the deepest round trip that had finished
 * when it started (anything finished may be what it waited for). Calls in flight together, from
 * Promise.all or one db.batch, start from the same finished set and so share a depth; the chain is
 * the largest depth, i.e. how many round trips of latency the request paid one after another.
 */

export interface D1MeterOptions {
  /** Awaited before each round trip is sent; `readOnly` when a replica could answer it. */
  beforeRoundTrip?: (readOnly: boolean) => Promise<void>;
}

export interface D1MeterStats {
  /** Round trips: each first/all/run/raw, each db.batch (however many statements), each exec. */
  calls: number;
  /** The longest chain of round trips that ran one after another. */
  chain: number;
  /** D1's `meta.rows_read`, summed over every round trip. */
  rows: number;
  /** Round trips that may write (any statement not a plain read): they must reach the primary. */
  writes: number;
}

export interface D1Meter {
  db: D1Database;
  stats(): D1MeterStats;
}

const READ_ONLY = /^\s*(?:select|with|pragma|explain)\b/i;
const WRITE_WORD = /\b(?:insert|update|delete|replace|create|drop|alter)\b/i;
/** Whether a statement only reads, so a replica could answer it. */
export const isReadOnlySql = (sql: string) => READ_ONLY.test(sql) && !WRITE_WORD.test(sql);

interface MeterState {
  stats: D1MeterStats;
  /** False: round trips are counted and nothing else is looked at (countD1Calls). */
  detail: boolean;
  /** The deepest round trip that has finished so far. */
  finishedDepth: number;
  beforeRoundTrip?: (readOnly: boolean) => Promise<void>;
}

/**
 * One round trip, counted; with detail, what waits before it, whether it writes (`readOnly` is
 * asked only then), its place in the chain and (when `countRows`) the rows its result reports.
 */
function roundTrip<T>(state: MeterState, readOnly: () => boolean, countRows: boolean, send: () => Promise<T>) {
  state.stats.calls += 1;
  return state.detail ? tracedTrip(state, readOnly(), countRows, send) : send();
}

async function tracedTrip<T>(state: MeterState, readOnly: boolean, countRows: boolean, send: () => Promise<T>) {
  const depth = state.finishedDepth + 1;
  if (!readOnly) state.stats.writes += 1;
  state.stats.chain = Math.max(state.stats.chain, depth);
  try {
    if (state.beforeRoundTrip) await state.beforeRoundTrip(readOnly);
    const result = await send();
    if (countRows) state.stats.rows += rowsRead(result);
    return result;
  } finally {
    state.finishedDepth = Math.max(state.finishedDepth, depth);
  }
}

/** `meta.rows_read` of a D1Result, or of each result of a batch. */
function rowsRead(result: unknown): number {
  if (Array.isArray(result)) return result.reduce((sum: number, item) => sum + metaRows(item), 0);
  return metaRows(result);
}
const metaRows = (result: unknown) => {
  const meta = (result as { meta?: { rows_read?: unknown } } | null)?.meta;
  return typeof meta?.rows_read === "number" ? meta.rows_read : 0;
};

const taps = new WeakSet<object>();
/**
 * raw() and first() (what drizzle's typed selects use) return rows without D1's meta. workerd's
 * statement sends every query through its session's `_sendOrThrow`, whose answer has the meta: the
 * meter reads rows_read there, through this statement's own reference to the session (the binding
 * itself is never modified; statements made by bind() inherit the reference). Answers whether the
 * statement is tapped; on a runtime without that shape only all() and run() report rows.
 */
function tapRows(statement: D1PreparedStatement, state: MeterState): boolean {
  const holder = statement as unknown as { dbSession?: Record<string, unknown> };
  const session = holder.dbSession;
  if (session && taps.has(session)) return true;
  if (!session || typeof session._sendOrThrow !== "function") return false;
  const tap = new Proxy(session, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      if (property !== "_sendOrThrow") return value.bind(target);
      return async (...args: unknown[]) => {
        const results = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        state.stats.rows += rowsRead(results);
        return results;
      };
    },
  });
  taps.add(tap);
  holder.dbSession = tap;
  return true;
}

const REAL = Symbol("d1-meter.real");
type Metered = D1PreparedStatement & { [REAL]: D1PreparedStatement };

function meterStatement(real: D1PreparedStatement, sql: string, state: MeterState): D1PreparedStatement {
  const readOnly = isReadOnlySql(sql);
  const countRows = !tapRows(real, state);
  const trip = <T>(send: () => Promise<T>) => roundTrip(state, () => readOnly, countRows, send);
  const metered = {
    [REAL]: real,
    bind: (...values: unknown[]) => meterStatement(real.bind(...values), sql, state),
    all: () => trip(() => real.all()),
    run: () => trip(() => real.run()),
    first: (column?: string) => trip(() => (column === undefined ? real.first() : real.first(column))),
    raw: (options?: { columnNames?: boolean }) => trip(() => real.raw(options as { columnNames: true })),
  };
  return metered as unknown as Metered;
}

/**
 * A statement whose round trips are only counted (countD1Calls, every request's log line): no
 * closures, no tap and no SQL test per statement, its methods on the prototype.
 */
class CountedStatement {
  readonly [REAL]: D1PreparedStatement;
  private readonly stats: D1MeterStats;
  constructor(real: D1PreparedStatement, stats: D1MeterStats) {
    this[REAL] = real;
    this.stats = stats;
  }
  bind(...values: unknown[]) {
    return new CountedStatement(this[REAL].bind(...values), this.stats);
  }
  all() {
    this.stats.calls += 1;
    return this[REAL].all();
  }
  run() {
    this.stats.calls += 1;
    return this[REAL].run();
  }
  first(column?: string) {
    this.stats.calls += 1;
    return column === undefined ? this[REAL].first() : this[REAL].first(column);
  }
  raw(options?: { columnNames?: boolean }) {
    this.stats.calls += 1;
    return this[REAL].raw(options as { columnNames: true });
  }
}

const unwrap = (statement: D1PreparedStatement) => (statement as Partial<Metered>)[REAL] ?? statement;

/** The session-shaped part of D1 (a D1Database, or what its withSession returns). */
function meterSession<T extends Pick<D1Database, "prepare" | "batch">>(real: T, state: MeterState): T {
  const wrap = state.detail
    ? (statement: D1PreparedStatement, sql: string) => meterStatement(statement, sql, state)
    : (statement: D1PreparedStatement) =>
        new CountedStatement(statement, state.stats) as unknown as D1PreparedStatement;
  return new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const reals = statements.map(unwrap);
          const readOnly = () => reals.every((statement) => isReadOnlySql(sqlOf(statement)));
          return roundTrip(state, readOnly, true, () => target.batch(reals));
        };
      }
      if (property === "exec") {
        const exec = (sql: string) => (target as unknown as D1Database).exec(sql);
        return (sql: string) =>
          roundTrip(
            state,
            () => isReadOnlySql(sql),
            false,
            () => exec(sql),
          );
      }
      if (property === "withSession") {
        const withSession = (target as unknown as { withSession: (...a: unknown[]) => D1Database }).withSession;
        return (...args: unknown[]) => meterSession(withSession.apply(target, args), state);
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
/** A statement's SQL, as workerd keeps it (unknown elsewhere: then it counts as a write). */
const sqlOf = (statement: D1PreparedStatement) =>
  String((statement as unknown as { statement?: unknown }).statement ?? "");

function newState(detail: boolean, beforeRoundTrip?: D1MeterOptions["beforeRoundTrip"]): MeterState {
  return { stats: { calls: 0, chain: 0, rows: 0, writes: 0 }, detail, finishedDepth: 0, beforeRoundTrip };
}

/** Wraps a D1 binding in a fresh meter (one per request): calls, chain, rows and writes (the bench, tests). */
export function meterD1(db: D1Database, options: D1MeterOptions = {}): D1Meter {
  const state = newState(true, options.beforeRoundTrip);
  return { db: meterSession(db, state), stats: () => ({ ...state.stats }) };
}

/**
 * Wraps a D1 binding to count its round trips alone, as `meterD1` counts `calls` (one per request
 * or cron step: the log line's `d1Calls`). The deployed path's meter: a statement costs one small
 * object, a round trip one addition.
 */
export function countD1Calls(db: D1Database): { db: D1Database; calls(): number } {
  const state = newState(false);
  return { db: meterSession(db, state), calls: () => state.stats.calls };
}
