/**
 * The soak's `--slow-d1 MS` fault (bench/soak/worker.ts): a D1Database that behaves like the one it
 * wraps, except that every round trip (each first/all/run/raw, each batch, each exec, in a session
 * or not) waits `ms` before it is sent. Bench code only: production never wraps its binding.
 */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The statement a wrapped statement stands for (batch() takes only workerd's own statements). */
const REAL = Symbol("slow-d1.real");
type Slowed = D1PreparedStatement & { [REAL]: D1PreparedStatement };

function slowStatement(real: D1PreparedStatement, ms: number): D1PreparedStatement {
  const later =
    <T>(send: () => Promise<T>) =>
    () =>
      wait(ms).then(send);
  const slowed = {
    [REAL]: real,
    bind: (...values: unknown[]) => slowStatement(real.bind(...values), ms),
    all: later(() => real.all()),
    run: later(() => real.run()),
    first: (column?: string) => wait(ms).then(() => (column === undefined ? real.first() : real.first(column))),
    raw: (options?: { columnNames?: boolean }) => wait(ms).then(() => real.raw(options as { columnNames: true })),
  };
  return slowed as unknown as Slowed;
}

const unwrap = (statement: D1PreparedStatement) => (statement as Partial<Slowed>)[REAL] ?? statement;

export function slowD1<T extends Pick<D1Database, "prepare" | "batch">>(real: T, ms: number): T {
  if (!(ms > 0)) return real;
  return new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => slowStatement(target.prepare(sql), ms);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => wait(ms).then(() => target.batch(statements.map(unwrap)));
      if (property === "exec") return (sql: string) => wait(ms).then(() => (target as unknown as D1Database).exec(sql));
      if (property === "withSession") {
        const withSession = (target as unknown as { withSession: (...a: unknown[]) => D1Database }).withSession;
        return (...args: unknown[]) => slowD1(withSession.apply(target, args), ms);
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
