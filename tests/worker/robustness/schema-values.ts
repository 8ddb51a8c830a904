/**
 * Values around a declared schema, read from its JSON Schema (zod 4's `z.toJSONSchema`, input
 * side): a plausible value for each field, the bad values a field of that type should refuse, and
 * (for fast-check) a neighbourhood mixing both with boundaries, oversized and odd text.
 */
import fc from "fast-check";
import { z } from "zod";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  default?: unknown;
};

/** The input side of a schema as JSON Schema; `{}` (anything) where zod cannot say. */
export function describeInput(schema: z.ZodType): JsonSchema {
  try {
    // An empty registry: schemas named for the OpenAPI document (`.meta({ id })`) come out inline
    // rather than as `$ref`s this reader does not follow.
    return z.toJSONSchema(schema, {
      io: "input",
      unrepresentable: "any",
      cycles: "ref",
      metadata: z.registry<{ id?: string }>(),
    }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The first concrete alternative of a union, the merge of an intersection. */
function concrete(schema: JsonSchema): JsonSchema {
  if (schema.anyOf?.length) return concrete(schema.anyOf.find((option) => option.type !== "null") ?? schema.anyOf[0]!);
  if (schema.oneOf?.length) return concrete(schema.oneOf[0]!);
  if (schema.allOf?.length) return schema.allOf.map(concrete).reduce((all, part) => ({ ...all, ...part }), {});
  return schema;
}

/** The JSON type a value of this schema has: string, number (integers too), boolean, array, object. */
export function jsonType(schema: JsonSchema): string | undefined {
  const resolved = concrete(schema);
  if (resolved.const !== undefined) return typeof resolved.const;
  if (resolved.enum) return typeof resolved.enum[0];
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== "null") : resolved.type;
  return type === "integer" ? "number" : type;
}

/** Text with the oddities that break naive code: a lone surrogate, a right-to-left override, NUL, zero-width characters, a BOM, a combining mark and an emoji with a skin tone. */
export const ODD_TEXT = "\ud800x\u202egnp.exe\u0000\u200b\u200d\ufeffe\u0301👍🏽";
export const LONG_TEXT = "a".repeat(10_000);
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"] as const;

/** A plausible value for a field, so that one bad field at a time is what a request tries. */
export function plausible(schema: JsonSchema, name: string, idFor: (name: string) => string | undefined): unknown {
  const resolved = concrete(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  switch (jsonType(resolved)) {
    case "string": {
      const id = idFor(name);
      if (id) return id;
      if (resolved.format === "email" || /email/i.test(name)) return "robustness@example.test";
      if (resolved.format === "uri" || /url|link|website/i.test(name)) return "https://example.test/robustness";
      if (resolved.format === "date-time") return new Date().toISOString();
      if (/password/i.test(name)) return "Robustness-passw0rd";
      const length = Math.max(resolved.minLength ?? 0, 8);
      return "robust".padEnd(Math.min(length, resolved.maxLength ?? length), "x");
    }
    case "number": {
      const low = resolved.minimum ?? (resolved.exclusiveMinimum !== undefined ? resolved.exclusiveMinimum + 1 : 1);
      return resolved.maximum !== undefined ? Math.min(low, resolved.maximum) : low;
    }
    case "boolean":
      return true;
    case "array":
      return resolved.minItems ? [plausible(resolved.items ?? {}, name, idFor)] : [];
    case "object":
      return Object.fromEntries(
        Object.entries(resolved.properties ?? {}).map(([key, inner]) => [key, plausible(inner, key, idFor)]),
      );
    default:
      return "robustness";
  }
}

export interface FieldOf {
  /** Where the field sits: ["specialApplicantBonus", "bonus"]. */
  path: string[];
  schema: JsonSchema;
  /** Whether its object requires it (leaving out an optional field is no bad request). */
  required: boolean;
}

/** The fields of an object schema, nested objects' fields too (two levels down). */
export function fieldsOf(schema: JsonSchema, depth = 2, path: string[] = []): FieldOf[] {
  const resolved = concrete(schema);
  return Object.entries(resolved.properties ?? {}).flatMap(([key, inner]) => {
    const field = { path: [...path, key], schema: inner, required: (resolved.required ?? []).includes(key) };
    const nested = jsonType(inner) === "object" && depth > 0 ? fieldsOf(inner, depth - 1, field.path) : [];
    return [field, ...nested];
  });
}

/**
 * `count` of `values`, starting at a place that moves with `index`: field after field the choices
 * rotate, so that every kind of bad value is tried on some field at a fraction of the requests
 * (fast-check then mixes them freely).
 */
export function rotating<T>(values: readonly T[], index: number, count: number): T[] {
  if (values.length <= count) return [...values];
  return Array.from({ length: count }, (_, offset) => values[(index * count + offset) % values.length]!);
}

/**
 * Bad values for one field of this type, each with its label: always the one a field of this type
 * most needs (10,000 characters for text, text for a number), two more in rotation.
 */
export function badValuesFor(schema: JsonSchema, index = 0): { label: string; value: unknown }[] {
  const resolved = concrete(schema);
  const nul = { label: "null", value: null };
  switch (jsonType(resolved)) {
    case "string":
      return [
        { label: "10,000 characters", value: LONG_TEXT },
        ...rotating(
          [
            nul,
            { label: "a number", value: 5 },
            { label: "odd unicode", value: ODD_TEXT },
            // A value a server might use as an object key (grouping by it, looking it up).
            { label: "'__proto__'", value: "__proto__" },
          ],
          index,
          2,
        ),
      ];
    case "number":
      return [
        { label: "a string", value: "12abc" },
        ...rotating(
          [
            nul,
            { label: "1e308", value: 1e308 },
            { label: "negative", value: -1 },
            ...(resolved.maximum !== undefined ? [{ label: "above the maximum", value: resolved.maximum + 1 }] : []),
          ],
          index,
          2,
        ),
      ];
    case "boolean":
      return [nul, { label: "a string", value: "yes" }];
    case "array":
      return rotating(
        [
          nul,
          { label: "a string", value: "x" },
          { label: "10,000 items", value: Array.from({ length: 10_000 }, () => "x") },
        ],
        index,
        2,
      );
    case "object":
      return rotating(
        [
          nul,
          { label: "a string", value: "x" },
          { label: "prototype keys", value: { constructor: { prototype: { isAdmin: true } }, toString: 1 } },
        ],
        index,
        2,
      );
    default:
      return [
        { label: "10,000 characters", value: LONG_TEXT },
        { label: "odd unicode", value: ODD_TEXT },
      ];
  }
}

/** The string a form field would carry for a value (forms hold text, or files). */
export function asFormValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "on" : "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Copies `base` with the field at `path` set to `value` (or removed, for undefined). */
export function withField(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== "object" || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

const oddCharacter = fc.oneof(
  fc.constantFrom("\ud800", "\udfff", "\u202e", "\u0000", "\u200b", "\ufeff", "\u0301", "'", '"', "\\", "%", "_"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);

/**
 * fast-check's values around a field: mostly plausible ones (so that requests get deep), mixed
 * with type confusion, boundaries, oversized and odd text, and absence.
 */
export function neighbourhood(
  schema: JsonSchema,
  name: string,
  idFor: (name: string) => string | undefined,
  depth = 2,
): fc.Arbitrary<unknown> {
  const resolved = concrete(schema);
  const type = jsonType(resolved);
  const near: fc.Arbitrary<unknown>[] = [fc.constant(plausible(resolved, name, idFor))];
  if (resolved.enum?.length) near.push(fc.constantFrom(...resolved.enum));
  if (type === "string") {
    const id = idFor(name);
    if (id) near.push(fc.constantFrom(id, `${id}x`, id.toUpperCase(), ` ${id} `));
    near.push(fc.string({ minLength: resolved.minLength ?? 0, maxLength: Math.min(resolved.maxLength ?? 40, 40) }));
    const edges = [resolved.minLength, resolved.maxLength].filter((n): n is number => n !== undefined);
    for (const edge of edges)
      near.push(fc.constantFrom("y".repeat(Math.max(edge - 1, 0)), "y".repeat(edge), "y".repeat(edge + 1)));
  }
  if (type === "number") {
    near.push(fc.integer({ min: -10, max: 1_000_000 }), fc.double({ noNaN: true, min: -1e6, max: 1e6 }));
    for (const edge of [resolved.minimum, resolved.maximum].filter((n): n is number => n !== undefined)) {
      near.push(fc.constantFrom(edge - 1, edge, edge + 1, edge + 0.5));
    }
  }
  if (type === "boolean") near.push(fc.boolean(), fc.constantFrom("on", "true", "false"));
  if (type === "object" && depth > 0) near.push(objectNeighbourhood(resolved, idFor, depth - 1));
  if (type === "array")
    near.push(fc.array(neighbourhood(resolved.items ?? {}, name, idFor, depth - 1), { maxLength: 3 }));
  const confused = fc.constantFrom<unknown>(
    null,
    0,
    -1,
    1e308,
    "",
    "12abc",
    true,
    [],
    {},
    ["x"],
    "__proto__",
    "constructor",
  );
  const oversized = fc.constantFrom<unknown>(
    LONG_TEXT,
    Number.MAX_SAFE_INTEGER + 2,
    Array.from({ length: 200 }, () => "x"),
  );
  const odd = fc.string({ unit: oddCharacter, minLength: 1, maxLength: 12 });
  return fc.oneof(
    { arbitrary: fc.oneof(...near), weight: 6 },
    { arbitrary: confused, weight: 2 },
    { arbitrary: oversized, weight: 1 },
    { arbitrary: odd, weight: 2 },
  );
}

/** An object around an object schema: each field near its type or absent, sometimes extra keys. */
export function objectNeighbourhood(
  schema: JsonSchema,
  idFor: (name: string) => string | undefined,
  depth = 2,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(concrete(schema).properties ?? {});
  const fields = fc.record(
    Object.fromEntries(properties.map(([key, inner]) => [key, neighbourhood(inner, key, idFor, depth)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(
    fc.constantFrom<string>(...PROTOTYPE_KEYS, "extra", "isAdmin", "id"),
    fc.constantFrom<unknown>(1, "x", { isAdmin: true }),
    {
      maxKeys: 2,
    },
  );
  return fc.tuple(fields, fc.option(extra, { freq: 4 })).map(([record, more]) => {
    if (!more) return record;
    // Keys such as __proto__ must stay own properties, as JSON.parse on the server makes them.
    const combined: Record<string, unknown> = { ...record };
    for (const [key, value] of Object.entries(more))
      Object.defineProperty(combined, key, { value, enumerable: true, writable: true, configurable: true });
    return combined;
  });
}
