import { describe, expect, it } from "vitest";
import { countD1Calls, isReadOnlySql, meterD1 } from "~/utils/d1-meter.server";
import { formatMeterHeader, meterForRequest, parseMeterHeader } from "../../bench/d1-meter";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
const result = (rows: number) => ({ results: [], success: true, meta: { rows_read: rows } });

/** A D1 stand-in whose every call takes a moment and reads `rows` rows. */
function fakeD1(rows = 3) {
  const sent: string[] = [];
  const statement = (sql: string) => ({
    bind: () => statement(sql),
    all: async () => (sent.push(sql), await tick(), result(rows)),
    run: async () => (sent.push(sql), await tick(), result(rows)),
    raw: async () => (sent.push(sql), await tick(), [[1]]),
    first: async () => (sent.push(sql), await tick(), { id: 1 }),
    statement: sql,
  });
  const db = {
    prepare: statement,
    batch: async (statements: { statement: string }[]) => {
      sent.push(`batch ${statements.length}`);
      await tick();
      return statements.map(() => result(rows));
    },
  };
  return { db: db as unknown as D1Database, sent };
}

describe("the D1 meter", () => {
  it("counts sequential calls as a chain, and calls in flight together as one link", async () => {
    const { db: real, sent } = fakeD1();
    const { db, stats } = meterD1(real);
    await db.prepare("SELECT 1").first();
    await Promise.all([db.prepare("SELECT 2").all(), db.prepare("SELECT 3").bind(1).raw()]);
    await db.batch([db.prepare("SELECT 4"), db.prepare("UPDATE t SET a = 1")]);
    expect(sent).toEqual(["SELECT 1", "SELECT 2", "SELECT 3", "batch 2"]);
    // all() and batch report rows_read; raw() and first() carry no meta outside workerd.
    expect(stats()).toEqual({ calls: 4, chain: 3, rows: 3 + 3 * 2, writes: 1 });
  });

  it("a call that starts after one of two parallel calls finished is one link further", async () => {
    const { db: real } = fakeD1();
    const { db, stats } = meterD1(real);
    const slow = (async () => {
      await db.prepare("SELECT 1").all();
      await db.prepare("SELECT 2").all();
    })();
    await db.prepare("SELECT 3").all();
    await db.prepare("SELECT 4").all();
    await db.prepare("SELECT 5").all();
    await slow;
    expect(stats().chain).toBe(3);
    expect(stats().calls).toBe(5);
  });

  it("countD1Calls counts the round trips meterD1 counts, inside the bench's meter too, and batches the real statements", async () => {
    const { db: real, sent } = fakeD1();
    const batched: string[][] = [];
    const batch = real.batch.bind(real);
    real.batch = ((statements: D1PreparedStatement[]) => {
      batched.push(statements.map((statement) => (statement as unknown as { statement: string }).statement));
      return batch(statements);
    }) as D1Database["batch"];
    const work = async (db: D1Database) => {
      await db.prepare("SELECT 1").first();
      await Promise.all([db.prepare("SELECT 2").all(), db.prepare("SELECT 3").bind(1).raw()]);
      await db.batch([db.prepare("SELECT 4"), db.prepare("UPDATE t SET a = ?").bind(1)]);
      await db.withSession("first-primary").prepare("INSERT INTO t VALUES (1)").run();
    };
    real.withSession = (() => real) as unknown as D1Database["withSession"];
    const counted = countD1Calls(real);
    await work(counted.db);
    expect(counted.calls()).toBe(5);
    const outer = meterD1(real);
    const inner = countD1Calls(outer.db);
    await work(inner.db);
    expect(inner.calls()).toBe(5);
    expect(outer.stats()).toMatchObject({ calls: 5, chain: 4, writes: 2 });
    const once = ["SELECT 1", "SELECT 2", "SELECT 3", "batch 2", "INSERT INTO t VALUES (1)"];
    expect(sent).toEqual([...once, ...once]);
    expect(batched).toEqual([
      ["SELECT 4", "UPDATE t SET a = ?"],
      ["SELECT 4", "UPDATE t SET a = ?"],
    ]);
  });

  it("the bench's meter delays writes by the round trip and reads by the replica's", async () => {
    const { db: real } = fakeD1();
    const headers = { "x-bench-d1-rtt": "60", "x-bench-d1-replica-rtt": "0" };
    const { db } = meterForRequest({ DB: real }, new Request("http://x/", { headers }));
    let started = Date.now();
    await db.prepare("SELECT 1").all();
    expect(Date.now() - started).toBeLessThan(50);
    started = Date.now();
    await db.prepare("INSERT INTO t VALUES (1)").run();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("classifies statements, and round-trips its header", () => {
    expect(isReadOnlySql(' select "a" from "t"')).toBe(true);
    expect(isReadOnlySql("WITH x AS (SELECT 1) SELECT * FROM x")).toBe(true);
    expect(isReadOnlySql('insert into "t" values (1) returning "id"')).toBe(false);
    expect(isReadOnlySql("WITH x AS (SELECT 1) DELETE FROM t")).toBe(false);
    const stats = { calls: 5, chain: 3, rows: 120, writes: 1 };
    expect(formatMeterHeader(stats)).toBe("calls=5;chain=3;rows=120;writes=1");
    expect(parseMeterHeader(formatMeterHeader(stats))).toEqual(stats);
    expect(parseMeterHeader("calls=x")).toBeNull();
    expect(parseMeterHeader(null)).toBeNull();
  });

  it("the bench's meter waits nothing unless asked", async () => {
    const { db: real } = fakeD1();
    const { db, stats } = meterForRequest({ DB: real }, new Request("http://x/"));
    const started = Date.now();
    await db.prepare("INSERT INTO t VALUES (1)").run();
    expect(Date.now() - started).toBeLessThan(50);
    expect(stats().writes).toBe(1);
  });
});

describe("the deployed Worker", () => {
  it("neither imports the bench nor reads its variables: the bench wraps it (bench/metered-worker.ts)", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const sources = [
      "server.ts",
      "load-context.ts",
      ...["app", "party"].flatMap((dir) =>
        readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`),
      ),
    ].filter((file) => /\.tsx?$/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    const offenders = sources.filter((file) =>
      /from "[^"]*\bbench\/|BENCH_|x-d1-meter|x-bench-/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
