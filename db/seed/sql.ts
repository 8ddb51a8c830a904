import { getTableColumns, getTableName, type Column, type Table } from "drizzle-orm";

/** A row's value for a column, or the column's default where the row leaves it out. */
function valueFor(row: Record<string, unknown>, key: string, column: Column): unknown {
  if (row[key] !== undefined) return row[key];
  if (column.defaultFn) return column.defaultFn();
  return column.default;
}

export function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return String(value.getTime());
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} to SQL`);
    return String(value);
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * INSERT statements for rows of a drizzle table (property names mapped to column names), in
 * chunks, for `wrangler d1 execute --file`. Values are literals: this is for seed files we build
 * ourselves, never for user input.
 */
export function insertStatements<T extends Table>(
  table: T,
  rows: Record<string, unknown>[],
  chunkSize = 100,
): string[] {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => row[key] !== undefined));
  const columnList = columns.map(([, column]) => `"${column.name}"`).join(", ");
  const statements: string[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const values = rows
      .slice(start, start + chunkSize)
      .map((row) => `(${columns.map(([key, column]) => literal(valueFor(row, key, column))).join(", ")})`)
      .join(",\n");
    statements.push(`INSERT INTO "${getTableName(table)}" (${columnList}) VALUES\n${values};`);
  }
  return statements;
}
