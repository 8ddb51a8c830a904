/**
 * Reads that can share one D1 round trip. A page whose loader needs several independent reads
 * sends them as one `batch` (one trip, one response) rather than several parallel calls: each D1
 * call carries a fixed cost in the Worker (the binding's request, its JSON and tracing) that
 * `bench/ab.ts` measured at ~6% of /apply's CPU for one small extra read.
 */
import type { Ctx } from "./context.server";

/** One statement and how its rows become the value its caller wants. */
export interface Read<T> {
  statement: D1PreparedStatement;
  decode: (result: D1Result<Record<string, unknown>>) => T;
}

type Values<Reads extends readonly Read<unknown>[]> = {
  [K in keyof Reads]: Reads[K] extends Read<infer T> ? T : never;
};

/** One read on its own. */
export async function runRead<T>(read: Read<T>): Promise<T> {
  return read.decode(await read.statement.all());
}

/** Several reads in one round trip (a D1 batch), each decoded. */
export async function runReads<const Reads extends readonly Read<unknown>[]>(
  ctx: Pick<Ctx, "db">,
  reads: Reads,
): Promise<Values<Reads>> {
  const results = await ctx.db.$client.batch<Record<string, unknown>>(reads.map((read) => read.statement));
  return reads.map((read, index) => read.decode(results[index]!)) as Values<Reads>;
}
