/**
 * The one way app code turns SQL into a D1 prepared statement (tests/unit/raw-sql.test.ts keeps it
 * so): from a drizzle `sql` template or query builder over the schema's tables and columns, for
 * batches that go to D1 directly (drizzle's own batch cannot take raw `sql` statements on D1, and
 * conditional writes that read `changes()` of the statement before them need the statements side
 * by side) and for reads batched by runReads. A built `Query` (SQL text and its parameters) is for
 * statements drizzle already built (a session's lookup, built once per isolate) or the /apply
 * search, whose text names the schema's columns (ADR 096). `preparedSelect` is a drizzle select
 * built once per isolate, its rows decoded by the schema's columns.
 */
import {
  Column,
  fillPlaceholders,
  getTableName,
  is,
  noopDecoder,
  SQL,
  sql,
  type DriverValueDecoder,
  type Query,
} from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";

const dialect = new SQLiteSyncDialect();

export function statement(db: Pick<Db, "$client">, query: SQL | Query | { toSQL(): Query }) {
  const built = "toSQL" in query ? query.toSQL() : "sql" in query ? query : dialect.sqlToQuery(query);
  return db.$client.prepare(built.sql).bind(...built.params);
}

/**
 * A column by its bare name (`"annual_fee"`, where drizzle writes `"credit_cards"."annual_fee"`):
 * for an INSERT's or an upsert's column list, and for a subquery's columns read outside it.
 */
export const columnName = (column: Column) => sql.identifier(column.name);

/** Columns by their bare names, comma-separated: a select list whose rows keep the columns' names. */
export const columnNames = (columns: Column[]) =>
  sql.join(
    columns.map((column) => columnName(column)),
    sql`, `,
  );

type Decoder = DriverValueDecoder<unknown, unknown>;
/**
 * One value of a row: its key in the row (and in the object under it, for a nested selection such
 * as `{ owner: { id, name } }`), and its decoder when that changes what D1 answers.
 */
type Field = { key: string; inner: string | null; decoder: Decoder | null };
type Leaf = Column | SQL | SQL.Aliased;

/** A drizzle select as preparedSelect takes it (what drizzle's types leave out is read at run time). */
interface Select {
  toSQL(): Query;
  _: { selectedFields: Record<string, unknown> };
}

/** The decoders that answer what they are given: a column's default and an SQL expression's without `mapWith`. */
const IDENTITY = new Set<unknown>([Column.prototype.mapFromDriverValue, noopDecoder.mapFromDriverValue]);

function decoderOf(leaf: Leaf): Decoder | null {
  const decoder = is(leaf, Column)
    ? leaf
    : ((is(leaf, SQL) ? leaf : leaf.sql) as unknown as { decoder: Decoder }).decoder;
  return IDENTITY.has(decoder.mapFromDriverValue) ? null : decoder;
}

/**
 * The selection's values in the order drizzle selects them (depth first), as drizzle's own
 * `mapResultRow` decodes them. A nested object from an outer join (which drizzle answers as null
 * when all its columns are) is refused rather than decoded differently, as is a deeper nesting.
 */
function fieldsOf(selection: Record<string, unknown>, nullableTables: Set<string>, outer?: string): Field[] {
  return Object.entries(selection).flatMap(([name, value]): Field[] => {
    const path = outer ? `${outer}.${name}` : name;
    if (is(value, Column) || is(value, SQL) || is(value, SQL.Aliased)) {
      if (outer && is(value, Column) && nullableTables.has(getTableName(value.table))) {
        throw new Error(`preparedSelect: ${path} comes from an outer join`);
      }
      const decoder = decoderOf(value);
      return [outer ? { key: outer, inner: name, decoder } : { key: name, inner: null, decoder }];
    }
    if (outer || typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) {
      throw new Error(`preparedSelect: select columns, SQL or one level of objects of them, not ${path}`);
    }
    return fieldsOf(value as Record<string, unknown>, nullableTables, name);
  });
}

/** D1's rows (objects by column name, in the statement's column order) as drizzle answers them. */
function decodeRows(fields: Field[], rows: Record<string, unknown>[]) {
  const columns = rows[0] ? Object.keys(rows[0]).length : fields.length;
  if (columns !== fields.length) {
    throw new Error(`preparedSelect: ${columns} columns for ${fields.length} fields (a repeated column name?)`);
  }
  return rows.map((row) => {
    const values = Object.values(row);
    const decoded: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index++) {
      const { key, inner, decoder } = fields[index]!;
      const value = values[index] === null || !decoder ? values[index] : decoder.mapFromDriverValue(values[index]);
      if (inner === null) decoded[key] = value;
      else ((decoded[key] ??= {}) as Record<string, unknown>)[inner] = value;
    }
    return decoded;
  });
}

/**
 * A drizzle select built once per isolate (issue 34: building /refer's statements was ~5% of its
 * CPU, drizzle's per-value mapping of their rows ~8%). `build` makes it, with `sql.placeholder`s
 * for what a request brings (drizzle builds it with the first request's `db`; nothing of that
 * request is kept); `bind` fills them with driver values (a timestamp as its number) and makes the
 * D1 statement; `decode` turns the statement's result into the rows drizzle's own select answers,
 * decoding only the columns whose schema type decodes (timestamps, booleans, JSON).
 */
export function preparedSelect<S extends Select>(build: (db: Db) => S) {
  let prepared: (Query & { fields: Field[] }) | undefined;
  const prepare = (db: Db) => {
    if (!prepared) {
      const query = build(db);
      const joins = (query as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap ?? {};
      const nullable = new Set(Object.keys(joins).filter((table) => !joins[table]));
      prepared = { ...query.toSQL(), fields: fieldsOf(query._.selectedFields, nullable) };
    }
    return prepared;
  };
  return {
    bind(db: Db, values: Record<string, unknown> = {}): D1PreparedStatement {
      const { sql: text, params } = prepare(db);
      return db.$client.prepare(text).bind(...fillPlaceholders(params, values));
    },
    decode(result: D1Result<Record<string, unknown>>): Awaited<S> {
      return decodeRows(prepared!.fields, result.results) as Awaited<S>;
    },
  };
}
