/**
 * Parsing a route's inputs (query, params, body) with its declared zod schemas. A failure is a 400
 * DomainError naming each field in the schema's own words.
 */
import type { z } from "zod";
import { DomainError, invalidInput } from "~/core/errors";
import { installReadableErrors } from "~/core/readable-errors";

// Every schema the kit parses (query, params, bodies) words its failures for people.
installReadableErrors();

/** Query values longer than this are refused before any schema sees them. */
const MAX_QUERY_VALUE = 2048;

/** A search string as an object of its first values (repeated keys keep the first). */
export function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (value.length > MAX_QUERY_VALUE)
      throw new DomainError(400, `The '${key}' parameter is too long.`, { [key]: "Too long" });
    if (!Object.hasOwn(query, key)) query[key] = value;
  }
  return query;
}

/** `input` parsed by `schema` (async refinements included), or a 400 with the field errors. */
export async function parseInput<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(input);
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}
